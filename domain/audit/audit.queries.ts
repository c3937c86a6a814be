// The audit log's queries: one entry written, the organization's entries read page by page, and the
// retention's delete of entries past their time (the table's trigger refuses any other change).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Insertable, type QueryCreator } from 'kysely';
import { typedKysely, type DB } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';

export type AuditInsert = Omit<Insertable<DB['audit_log']>, 'fields' | 'occurred_at'> & {
  occurred_at: Date;
  fields: string[];
};

/**
 * The INSERT of `entries` into audit_log, whatever their number: the rows go as one JSON parameter,
 * so the SQL text never changes. Also the CTE of a statement that writes entries with its change.
 * An entry already stored (its id) is skipped: a batch retried after a commit whose answer was
 * lost (domain/shared/group-commit.ts) stores nothing twice and does not fail.
 */
export function auditEntriesInsert(entriesJson: string) {
  return sql`
    INSERT INTO audit_log (id, organization_id, occurred_at, actor_type, actor_key_id, actor_user_id, actor_operator,
                           request_id, method, action, resource_type, resource_id, fields, status, outcome)
    SELECT id, organization_id, occurred_at, actor_type, actor_key_id, actor_user_id, actor_operator,
           request_id, method, action, resource_type, resource_id, fields, status, outcome
      FROM jsonb_to_recordset(${entriesJson}::jsonb) AS e(
        id uuid, organization_id uuid, occurred_at timestamptz, actor_type text, actor_key_id uuid, actor_user_id uuid,
        actor_operator text, request_id text, method text, action text, resource_type text, resource_id text,
        fields jsonb, status int, outcome text)
    ON CONFLICT (id) DO NOTHING`;
}

/** Writes entries in one statement (a batch of the API's concurrent requests: one round trip, one commit). */
export async function insertAuditEntries(em: EntityManager, entries: AuditInsert[]): Promise<void> {
  if (entries.length === 0) return;
  await auditEntriesInsert(JSON.stringify(entries)).execute(typedKysely(em));
}

/**
 * One entry as statement values (db/statement.ts), in column order; `fields` as JSON text (a
 * string array parameter would reach PostgreSQL as an array, not as jsonb).
 */
export type AuditEntryValues = [
  id: string,
  organizationId: string | null,
  occurredAt: Date,
  actorType: AuditInsert['actor_type'],
  actorKeyId: string | null,
  actorUserId: string | null,
  actorOperator: string | null,
  requestId: string | null,
  method: string,
  action: string,
  resourceType: string | null,
  resourceId: string | null,
  fieldsJson: string,
  status: number | null,
  outcome: AuditInsert['outcome'],
];

export function auditEntryValues(entry: AuditInsert): AuditEntryValues {
  return [
    entry.id,
    entry.organization_id ?? null,
    entry.occurred_at,
    entry.actor_type,
    entry.actor_key_id ?? null,
    entry.actor_user_id ?? null,
    entry.actor_operator ?? null,
    entry.request_id ?? null,
    entry.method,
    entry.action,
    entry.resource_type ?? null,
    entry.resource_id ?? null,
    JSON.stringify(entry.fields),
    entry.status ?? null,
    entry.outcome,
  ];
}

/** The row of AuditEntryValues, for `.values()` of an INSERT INTO audit_log built in a statement. */
function auditInsertRow(
  ...[
    id,
    organizationId,
    occurredAt,
    actorType,
    actorKeyId,
    actorUserId,
    actorOperator,
    requestId,
    method,
    action,
    resourceType,
    resourceId,
    fieldsJson,
    status,
    outcome,
  ]: AuditEntryValues
) {
  return {
    id,
    organization_id: organizationId,
    occurred_at: occurredAt,
    actor_type: actorType,
    actor_key_id: actorKeyId,
    actor_user_id: actorUserId,
    actor_operator: actorOperator,
    request_id: requestId,
    method,
    action,
    resource_type: resourceType,
    resource_id: resourceId,
    fields: sql<string[]>`${fieldsJson}::jsonb`,
    status,
    outcome,
  };
}

/**
 * `db` with the request's entry inserted by a CTE of its own (`audit_entry`) when there is one: the
 * statement built on it writes its change and the entry together (one statement, one round trip).
 * The CTE's name is nothing the statement reads, so the builder's type stays `db`'s.
 */
export function withAuditEntry<Q extends Pick<QueryCreator<DB>, 'with'>>(db: Q, entry: AuditEntryValues | null): Q {
  if (!entry) return db;
  return db.with('audit_entry', (q) => q.insertInto('audit_log').values(auditInsertRow(...entry))) as unknown as Q;
}

/**
 * The values of a compiled statement that carries an entry (the entry's first, then the statement's
 * own), split back into the entry and the rest.
 */
export function splitAudited<T extends unknown[]>(values: [...AuditEntryValues, ...T]): [AuditEntryValues, T] {
  const [id, org, at, actorType, keyId, userId, operator, requestId, method, action, type, resource, fields, ...more] =
    values;
  const [status, outcome, ...rest] = more as [AuditEntryValues[13], AuditEntryValues[14], ...T];
  return [
    [
      id,
      org,
      at,
      actorType,
      keyId,
      userId,
      operator,
      requestId,
      method,
      action,
      type,
      resource,
      fields,
      status,
      outcome,
    ],
    rest,
  ];
}

/** One entry, on `em`'s transaction: a request's entry written with the change it records. */
export const insertAuditEntry = statement((db, ...entry: AuditEntryValues) =>
  db.insertInto('audit_log').values(auditInsertRow(...entry)),
);

export interface AuditListWhere {
  actorKeyId?: string;
  actorUserId?: string;
  resourceType?: string;
  resourceId?: string;
  outcome?: string;
  after?: Date;
  before?: Date;
}

function matchingEntries(em: EntityManager, organizationId: string, where: AuditListWhere) {
  return typedKysely(em)
    .selectFrom('audit_log')
    .where('organization_id', '=', organizationId)
    .$if(!!where.actorKeyId, (q) => q.where('actor_key_id', '=', where.actorKeyId!))
    .$if(!!where.actorUserId, (q) => q.where('actor_user_id', '=', where.actorUserId!))
    .$if(!!where.resourceType, (q) => q.where('resource_type', '=', where.resourceType!))
    .$if(!!where.resourceId, (q) => q.where('resource_id', '=', where.resourceId!))
    .$if(!!where.outcome, (q) => q.where('outcome', '=', where.outcome as 'SUCCEEDED' | 'FAILED'))
    .$if(!!where.after, (q) => q.where('occurred_at', '>', where.after!))
    .$if(!!where.before, (q) => q.where('occurred_at', '<', where.before!));
}

/** One page of the matching entries, newest or oldest first, each row carrying the total (window count). */
export function auditListPage(
  em: EntityManager,
  organizationId: string,
  where: AuditListWhere,
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
) {
  return matchingEntries(em, organizationId, where)
    .selectAll()
    .select((eb) => eb.fn.countAll().over().as('total'))
    .orderBy('occurred_at', page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many entries match (for a page past the last, where no row carries the window count). */
export async function auditListCount(em: EntityManager, organizationId: string, where: AuditListWhere) {
  return (
    await matchingEntries(em, organizationId, where)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow()
  ).total;
}

/**
 * Deletes up to `batch` entries older than `before`, in no particular order (all of them go, batch by
 * batch): the BRIN index on occurred_at finds their pages, and the rows go by their physical address.
 */
export async function deleteAuditEntriesBefore(em: EntityManager, before: Date, batch: number): Promise<number> {
  const result = await sql`
    DELETE FROM audit_log WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM audit_log WHERE occurred_at < ${before} LIMIT ${batch}))`.execute(typedKysely(em));
  return Number(result.numAffectedRows ?? 0);
}
