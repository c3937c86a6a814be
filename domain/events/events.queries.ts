// The events feature's queries: the one INSERT of POST /v1/events, the reads of GET /v1/events,
// and the statements of one resolution batch. Set-based lookups and writes of a batch join against
// unnest() of parallel arrays (one statement for the whole batch, matched by organization and
// value), which the typed builder cannot express; those stay SQL, each saying so. The rest is typed
// Kysely. Each runs on the `em` it is given (its transaction, if any).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ResolutionStatus } from '../../db/entities/ingested-event.entity.ts';
import { typedKysely, type Row } from '../../db/kysely.ts';
import { auditEntriesInsert, type AuditInsert } from '../audit/audit.queries.ts';
import { statement } from '../../db/statement.ts';
import type { ContactSummary } from '../people/records.ts';
import { contactSummaryQuery } from '../people/people.queries.ts';
import { key, type ClaimedEvent, type ContactHit, type NewPerson } from './resolution-subjects.ts';

// ---- Ingestion and reads

/** A new event's row as ingestion writes it (resolution_status PENDING). */
export interface NewEvent {
  id: string;
  organization_id: string;
  idempotency_key: string;
  event_name: string;
  occurred_at: Date;
  external_event_id: string | null;
  subject: Record<string, string>;
  /** The payload's exact source text, or null. */
  payload_json: string | null;
  received_at: Date;
}

/**
 * The one statement of POST /v1/events, for a batch of concurrent requests (domain/shared/group-commit.ts):
 * their events and their audit entries, as two JSON parameters (the SQL text is the same for any
 * number, so it is prepared once). The entries are written by a CTE: events and entries are stored
 * together or not at all. An event whose idempotency key is already stored (or earlier in the same
 * batch) is not inserted; its entry is. Rows go in key order, so two batches racing on the same keys
 * wait for each other in one order (no deadlock). Answers the ids of the events inserted.
 */
const insertEventBatch = statement(
  (_db, entriesJson: string, eventsJson: string) =>
    sql<{ id: string }>`
      WITH audit_entry AS (${auditEntriesInsert(entriesJson)})
      INSERT INTO ingested_events (id, organization_id, idempotency_key, event_name, occurred_at, external_event_id,
                                   subject, payload_json, resolution_status, received_at)
      SELECT id, organization_id, idempotency_key, event_name, occurred_at, external_event_id,
             subject, payload_json, 'PENDING', received_at
        FROM jsonb_to_recordset(${eventsJson}::jsonb) AS v(
          id uuid, organization_id uuid, idempotency_key text, event_name text, occurred_at timestamptz,
          external_event_id text, subject jsonb, payload_json text, received_at timestamptz)
       ORDER BY organization_id, idempotency_key
      ON CONFLICT (organization_id, idempotency_key) DO NOTHING
      RETURNING id`,
);

/** Writes a batch's events and entries in one statement (insertEventBatch); answers the ids of the events stored. */
export async function insertEvents(
  em: EntityManager,
  events: NewEvent[],
  entries: AuditInsert[],
): Promise<Set<string>> {
  const result = await insertEventBatch(em, JSON.stringify(entries), JSON.stringify(events));
  return new Set(result.rows.map((row) => row.id));
}

const EVENT_COLUMNS = [
  'id',
  'idempotency_key',
  'event_name',
  'occurred_at',
  'external_event_id',
  'subject',
  'payload_json',
  'resolution_status',
  'contact_id',
  'account_id',
  'received_at',
  'resolved_at',
] as const;
export type EventRow = Pick<Row<'ingested_events'>, (typeof EVENT_COLUMNS)[number]>;

/** One event of the organization, or undefined. */
export function eventById(em: EntityManager, organizationId: string, id: string): Promise<EventRow | undefined> {
  return typedKysely(em)
    .selectFrom('ingested_events')
    .select(EVENT_COLUMNS)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

export interface EventWhere {
  eventName?: string;
  resolutionStatus?: ResolutionStatus;
  externalEventId?: string;
  occurredAfter?: Date;
  occurredBefore?: Date;
}

/** One page of the matching events by occurrence, and the total: two statements, in parallel. */
export async function eventPage(
  em: EntityManager,
  organizationId: string,
  where: EventWhere,
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ rows: EventRow[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('ingested_events')
    .where('organization_id', '=', organizationId)
    .$if(where.eventName !== undefined, (q) => q.where('event_name', '=', where.eventName!))
    .$if(where.resolutionStatus !== undefined, (q) => q.where('resolution_status', '=', where.resolutionStatus!))
    .$if(where.externalEventId !== undefined, (q) => q.where('external_event_id', '=', where.externalEventId!))
    .$if(where.occurredAfter !== undefined, (q) => q.where('occurred_at', '>', where.occurredAfter!))
    .$if(where.occurredBefore !== undefined, (q) => q.where('occurred_at', '<', where.occurredBefore!));
  const [rows, counted] = await Promise.all([
    matching
      .select(EVENT_COLUMNS)
      .orderBy('occurred_at', page.sortOrder)
      .orderBy('id', page.sortOrder)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

// ---- One resolution batch

/** Up to `limit` PENDING events, oldest received first, locked so concurrent drains never take the same one. */
export async function claimPending(
  tx: EntityManager,
  limit: number,
  organizationIds?: string[],
): Promise<ClaimedEvent[]> {
  return typedKysely(tx)
    .selectFrom('ingested_events')
    .select(['id', 'organization_id', 'event_name', 'external_event_id', 'subject'])
    .where('resolution_status', '=', 'PENDING')
    .$if(organizationIds !== undefined, (q) =>
      q.where((eb) => eb('organization_id', '=', eb.fn.any(eb.val(organizationIds!)))),
    )
    .orderBy('received_at')
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
}

function uniquePairs(pairs: [string, string][]): [string, string][] {
  return [...new Map(pairs.map((p) => [key(p[0], p[1]), p])).values()];
}

function keyed(rows: ContactHit[]): Map<string, ContactHit> {
  return new Map(rows.map((row) => [key(row.organization_id, row.v), row]));
}

/** Workspace contacts matching (organization, value) pairs on email or linkedin_url, keyed `org|value`. */
export async function contactsBy(
  tx: EntityManager,
  column: 'email' | 'linkedin_url',
  pairs: [string, string][],
): Promise<Map<string, ContactHit>> {
  if (!pairs.length) return new Map();
  const unique = uniquePairs(pairs);
  // SQL: a join against unnest() of two parallel arrays.
  const { rows } = await sql<ContactHit>`
    SELECT c.id, c.organization_id, c.${sql.ref(column)} AS v, c.account_id FROM contacts c
      JOIN unnest(${unique.map((p) => p[0])}::uuid[], ${unique.map((p) => p[1])}::text[]) AS x(org, v) ON c.organization_id = x.org AND c.${sql.ref(column)} = x.v`.execute(
    tx.getKysely(),
  );
  return keyed(rows);
}

/** Workspace contacts or accounts linked to these CRM records of the connected CRM, keyed `org|external id`. */
export async function linkedBy(
  tx: EntityManager,
  crmType: string,
  objectType: 'contact' | 'account',
  pairs: [string, string][],
): Promise<Map<string, ContactHit>> {
  if (!pairs.length) return new Map();
  const unique = uniquePairs(pairs);
  // SQL: a join against unnest() of two parallel arrays.
  const { rows } = await sql<ContactHit>`
    SELECT l.local_id AS id, l.organization_id, l.external_id AS v, ${objectType === 'contact' ? sql`c.account_id` : sql`NULL::uuid`} AS account_id
      FROM crm_links l JOIN unnest(${unique.map((p) => p[0])}::uuid[], ${unique.map((p) => p[1])}::text[]) AS x(org, v)
        ON l.organization_id = x.org AND l.object_type = ${objectType} AND l.external_id = x.v AND l.crm_type = ${crmType}
      ${objectType === 'contact' ? sql`JOIN contacts c ON c.id = l.local_id` : sql`JOIN accounts c ON c.id = l.local_id`}`.execute(
    tx.getKysely(),
  );
  return keyed(rows);
}

/** Which (organization, kind, identity hash) triples were erased at a privacy request, keyed `org|hash`. */
export async function erasedIdentities(tx: EntityManager, hashes: [string, string, string][]): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  // SQL: a join against unnest() of three parallel arrays.
  const { rows } = await sql<{ organization_id: string; value_hash: string }>`
    SELECT s.organization_id, s.value_hash FROM suppressions s
      JOIN unnest(${hashes.map((h) => h[0])}::uuid[], ${hashes.map((h) => h[1])}::text[], ${hashes.map((h) => h[2])}::text[]) AS x(org, kind, h)
        ON s.organization_id = x.org AND s.kind = x.kind AND s.value_hash = x.h`.execute(tx.getKysely());
  return new Set(rows.map((r) => key(r.organization_id, r.value_hash)));
}

/** Workspace accounts of (organization, primary domain) pairs: ids keyed `org|domain`. */
export async function accountsByDomain(
  tx: EntityManager,
  wanted: { org: string; domain: string }[],
): Promise<Map<string, string>> {
  // SQL: a join against unnest() of two parallel arrays.
  const { rows } = await sql<{ id: string; organization_id: string; domain: string }>`
    SELECT a.id, a.organization_id, a.domain FROM accounts a
      JOIN unnest(${wanted.map((w) => w.org)}::uuid[], ${wanted.map((w) => w.domain)}::text[]) AS x(org, d) ON a.organization_id = x.org AND a.domain = x.d`.execute(
    tx.getKysely(),
  );
  return new Map(rows.map((r) => [key(r.organization_id, r.domain), r.id]));
}

/**
 * Creates the accounts (in this order) or touches the existing ones; answers every id and whether
 * this statement inserted it.
 */
export async function upsertAccounts(
  tx: EntityManager,
  create: { org: string; domain: string; name: string | null }[],
  now: Date,
) {
  // SQL: INSERT ... SELECT FROM unnest() of parallel arrays, and xmax = 0 tells an insert from an update.
  const { rows } = await sql<{ id: string; organization_id: string; domain: string; inserted: boolean }>`
    INSERT INTO accounts (id, organization_id, name, domain, first_seen_at, last_seen_at, created_at, updated_at)
    SELECT gen_random_uuid(), x.org, x.name, x.d, ${now}, ${now}, ${now}, ${now}
      FROM unnest(${create.map((c) => c.org)}::uuid[], ${create.map((c) => c.name ?? c.domain)}::text[], ${create.map((c) => c.domain)}::text[]) AS x(org, name, d)
    ON CONFLICT (organization_id, domain) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at
    RETURNING id, organization_id, domain, (xmax = 0) AS inserted`.execute(tx.getKysely());
  return rows;
}

/** Inserts new contacts (a concurrent write of the same person wins: skipped); answers the ids inserted. */
export async function insertContacts(
  tx: EntityManager,
  created: { id: string; org: string; person: NewPerson; accountId: string | null }[],
  now: Date,
): Promise<Set<string>> {
  const col = <T>(pick: (c: (typeof created)[number]) => T) => created.map(pick);
  // SQL: INSERT ... SELECT FROM unnest() of parallel arrays.
  const { rows } = await sql<{ id: string }>`
    INSERT INTO contacts (id, organization_id, account_id, email, linkedin_url, first_name, last_name, job_title, company_name, phone,
                          email_status, first_seen_at, last_seen_at, created_at, updated_at)
    SELECT x.id, x.org, x.account, x.email, x.linkedin, x.first_name, x.last_name, x.job_title, x.company_name, x.phone, 'UNVERIFIED', ${now}, ${now}, ${now}, ${now}
      FROM unnest(${col((c) => c.id)}::uuid[], ${col((c) => c.org)}::uuid[], ${col((c) => c.accountId)}::uuid[], ${col((c) => c.person.email)}::text[],
                  ${col((c) => c.person.linkedinUrl)}::text[], ${col((c) => c.person.firstName)}::text[], ${col((c) => c.person.lastName)}::text[],
                  ${col((c) => c.person.jobTitle)}::text[], ${col((c) => c.person.companyName)}::text[], ${col((c) => c.person.phone)}::text[])
        AS x(id, org, account, email, linkedin, first_name, last_name, job_title, company_name, phone)
    ON CONFLICT DO NOTHING RETURNING id`.execute(tx.getKysely());
  return new Set(rows.map((r) => r.id));
}

/** CRM links for what was found through the CRM (a contact or account keeps a link it already has). */
export async function insertCrmLinks(
  tx: EntityManager,
  crmType: string,
  links: [string, 'contact' | 'account', string, string][],
  now: Date,
): Promise<void> {
  if (!links.length) return;
  await typedKysely(tx)
    .insertInto('crm_links')
    .values(
      links.map(([org, objectType, localId, externalId]) => ({
        organization_id: org,
        object_type: objectType,
        local_id: localId,
        crm_type: crmType,
        external_id: externalId,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Every event's outcome in one statement (an event another drain already settled stays as it is). */
export async function writeOutcomes(
  tx: EntityManager,
  outcomes: {
    eventId: string;
    status: 'RESOLVED' | 'UNRESOLVED';
    contactId: string | null;
    accountId: string | null;
  }[],
  now: Date,
): Promise<void> {
  // SQL: UPDATE ... FROM unnest() of parallel arrays (one statement for the batch).
  await sql`
    UPDATE ingested_events e SET resolution_status = x.status, contact_id = x.contact_id, account_id = x.account_id, resolved_at = ${now}
      FROM unnest(${outcomes.map((o) => o.eventId)}::uuid[], ${outcomes.map((o) => o.status)}::text[], ${outcomes.map((o) => o.contactId)}::uuid[],
                  ${outcomes.map((o) => o.accountId)}::uuid[]) AS x(id, status, contact_id, account_id)
     WHERE e.id = x.id AND e.resolution_status = 'PENDING'`.execute(tx.getKysely());
}

/** Contact summaries (as events embed them) of many contacts in one statement. */
export async function contactSummaries(em: EntityManager, ids: string[]): Promise<Map<string, ContactSummary>> {
  if (!ids.length) return new Map();
  const rows = await contactSummaryQuery(em)
    .where((eb) => eb('c.id', '=', eb.fn.any(eb.val([...new Set(ids)]))))
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}
