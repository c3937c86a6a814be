// The audit log (docs/api/audit-log.md): who changed what, when and with what outcome. Entries are
// written by the API for every write through /v1 (api/middleware/audit.ts) and by the admin CLI for
// every command (scripts/admin.ts); they name fields, never their values, so no secret or personal
// data beyond ids reaches the log. Read by GET /v1/audit-log; kept AUDIT_RETENTION_DAYS.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuditActorType, AuditOutcome } from '../../db/entities/audit-entry.entity.ts';
import { groupCommit } from '../shared/group-commit.ts';
import { pageTotal } from '../shared/pagination.ts';
import { storableText } from '../shared/text.ts';
import { DAY_MS, iso } from '../shared/time.ts';
import { uuid7 } from '../shared/uuid7.ts';
import {
  auditListCount,
  auditListPage,
  deleteAuditEntriesBefore,
  insertAuditEntries,
  type AuditInsert,
  type AuditListWhere,
} from './audit.queries.ts';

/** Fields listed per entry at most: a body with more names is summarised by its first ones. */
const FIELDS_MAX = 50;
/** A field name longer than this is shortened (names are keys of a JSON body: bounded text). */
const FIELD_NAME_MAX = 100;

export interface AuditActor {
  type: AuditActorType;
  keyId?: string | null;
  userId?: string | null;
  operator?: string | null;
}

export interface AuditWrite {
  organizationId: string | null;
  actor: AuditActor;
  requestId: string | null;
  method: string;
  action: string;
  resourceType: string | null;
  resourceId: string | null;
  /** Names of the fields or flags sent (their values are never taken). */
  fields: string[];
  status: number | null;
  outcome: AuditOutcome;
}

/** The names of a JSON body's top-level fields, bounded: what an entry says about the change. */
export function fieldNames(body: unknown): string[] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return [];
  const names: string[] = [];
  for (const name of Object.keys(body)) {
    if (names.length === FIELDS_MAX) break;
    names.push(storableText(name, FIELD_NAME_MAX));
  }
  return names;
}

/** The row of an entry; its id is time-ordered, so the table's indexes grow at their right edge. */
function auditRow(write: AuditWrite, at: Date): AuditInsert {
  return {
    id: uuid7(at.getTime()),
    organization_id: write.organizationId,
    occurred_at: at,
    actor_type: write.actor.type,
    actor_key_id: write.actor.keyId ?? null,
    actor_user_id: write.actor.userId ?? null,
    actor_operator: write.actor.operator ?? null,
    request_id: write.requestId,
    method: write.method,
    action: write.action,
    resource_type: write.resourceType,
    resource_id: write.resourceId,
    fields: write.fields,
    status: write.status,
    outcome: write.outcome,
  };
}

/**
 * A write request's entry, for the use case whose transaction (or single statement) commits the
 * request's change: it writes `entry(status, createdId)` there (insertAuditEntry, or a statement of
 * its own carrying it), so the change and its entry commit together or not at all. The API's
 * middleware writes the entry itself when no use case took it, or when the request ended otherwise
 * than the taken entry says (it failed after taking it: a rolled-back transaction, or an error after
 * the commit). Take it only in the transaction whose commit is the request's success.
 */
export class RequestAudit {
  readonly #describe: (status: number, createdId: string | null) => AuditWrite;
  /** The status the taken entry says; null while no use case took it. */
  #takenStatus: number | null = null;

  constructor(describe: (status: number, createdId: string | null) => AuditWrite) {
    this.#describe = describe;
  }

  /** The entry's row as it reads when the request answers `status`, having created `createdId` (if any). */
  entry(status: number, createdId: string | null): AuditInsert {
    this.#takenStatus = status;
    return auditRow(this.#describe(status, createdId), new Date());
  }

  /** Whether a use case wrote the entry of a request that answered `status`. */
  tookFor(status: number): boolean {
    return this.#takenStatus === status;
  }
}

export async function recordAudit(em: EntityManager, write: AuditWrite, at = new Date()): Promise<void> {
  await insertAuditEntries(em, [auditRow(write, at)]);
}

/**
 * The API's writer of entries written after the handler: concurrent requests' entries share a
 * statement and its commit (domain/shared/group-commit.ts). Each write resolves when its entry is
 * committed, so a request's entry is stored before its answer leaves.
 */
export function auditWriter(em: EntityManager): (write: AuditWrite) => Promise<void> {
  const write = groupCommit(
    async (rows: AuditInsert[]) => {
      await insertAuditEntries(em, rows);
      return rows.map(() => undefined);
    },
    { batchMax: 500 },
  );
  return (entry) => write(auditRow(entry, new Date()));
}

export interface AuditFilters {
  actor_key_id?: string;
  actor_user_id?: string;
  resource_type?: string;
  resource_id?: string;
  outcome?: AuditOutcome;
  occurred_after?: string;
  occurred_before?: string;
}

export interface AuditRecord {
  id: string;
  occurred_at: string;
  actor: { type: AuditActorType; key_id: string | null; user_id: string | null; operator: string | null };
  request_id: string | null;
  method: string;
  action: string;
  resource_type: string | null;
  resource_id: string | null;
  fields: string[];
  status: number | null;
  outcome: AuditOutcome;
}

export async function listAudit(
  em: EntityManager,
  organizationId: string,
  filters: AuditFilters,
  page: { limit: number; offset: number; sortOrder: 'asc' | 'desc' },
): Promise<{ items: AuditRecord[]; total: number }> {
  const where: AuditListWhere = {
    actorKeyId: filters.actor_key_id,
    actorUserId: filters.actor_user_id,
    resourceType: filters.resource_type,
    resourceId: filters.resource_id,
    outcome: filters.outcome,
    after: filters.occurred_after ? new Date(filters.occurred_after) : undefined,
    before: filters.occurred_before ? new Date(filters.occurred_before) : undefined,
  };
  const rows = await auditListPage(em, organizationId, where, page);
  const total = await pageTotal(rows, page.offset, () => auditListCount(em, organizationId, where));
  return {
    items: rows.map((row) => ({
      id: row.id,
      occurred_at: iso(row.occurred_at),
      actor: {
        type: row.actor_type,
        key_id: row.actor_key_id,
        user_id: row.actor_user_id,
        operator: row.actor_operator,
      },
      request_id: row.request_id,
      method: row.method,
      action: row.action,
      resource_type: row.resource_type,
      resource_id: row.resource_id,
      fields: row.fields as string[],
      status: row.status,
      outcome: row.outcome,
    })),
    total,
  };
}

/** Deletes, batch by batch, the entries older than `retentionDays`; answers how many went. */
export async function purgeAudit(em: EntityManager, retentionDays: number, batch = 5_000, now = new Date()) {
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  let deleted = 0;
  for (;;) {
    const n = await deleteAuditEntriesBefore(em, before, batch);
    deleted += n;
    if (n < batch) return deleted;
  }
}
