// The imports feed (GET /v1/signals/imports; docs/api/signals.md): one entry per
// fact a check looked at, newest first by the fact's time. Entries are answered as JSON texts: a
// custom event's payload copy is spliced in from the event's stored source text (the payload
// size rule: copied "unchanged"), since the jsonb copy reorders keys and respells numbers.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../shared/errors.ts';
import { timestampOrThrow } from '../events/ingest.service.ts';
import { iso } from '../shared/time.ts';

export interface SignalImportRecord {
  id: string;
  signal_id: string;
  kind: 'CONTACT' | 'ACCOUNT';
  occurred_at: string;
  status: 'IMPORTED' | 'SKIPPED_DUPLICATE' | 'SKIPPED_EXCLUDED' | 'SKIPPED_CAP';
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  job_title: string | null;
  linkedin_url: string | null;
  company_domain: string | null;
  account_name: string | null;
  account_domain: string | null;
  contact_id: string | null;
  account_id: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
}

export interface SignalImportFilters {
  signal_id?: string;
  kind?: 'CONTACT' | 'ACCOUNT';
  status?: SignalImportRecord['status'];
  occurred_at_after?: string;
  occurred_at_before?: string;
}

type Row = Omit<SignalImportRecord, 'occurred_at' | 'created_at'> & {
  occurred_at: Date;
  created_at: Date;
  /** The event's payload text when the metadata holds a payload copy (null payload: null). */
  payload_json: string | null;
  has_payload: boolean;
};

/** One entry's JSON text, the payload copy (when there is one) spliced in as the event stored it. */
export function signalImportJson(row: Row): string {
  const { payload_json: payloadJson, has_payload: hasPayload, metadata, occurred_at: occurredAt, created_at: createdAt, ...fields } = row;
  const { payload: copy, ...rest } = metadata;
  let metadataText = JSON.stringify(rest);
  if (hasPayload) {
    const payloadText = payloadJson ?? JSON.stringify(copy ?? null);
    metadataText = `${metadataText.slice(0, -1)}${Object.keys(rest).length ? ',' : ''}"payload":${payloadText}}`;
  }
  const head = JSON.stringify({ ...fields, occurred_at: iso(occurredAt), created_at: iso(createdAt) });
  return `${head.slice(0, -1)},"metadata":${metadataText}}`;
}

/** A signal_id of another organization (or none) is 404, as reading the signal would be. */
export async function listSignalImports(
  em: EntityManager, organizationId: string, filters: SignalImportFilters, page: { limit: number; offset: number; sortOrder?: 'asc' | 'desc' },
): Promise<{ items: string[]; total: number }> {
  const db = em.getKysely();
  const where = [sql`organization_id = ${organizationId}`];
  if (filters.signal_id !== undefined) {
    const { rows } = await sql<{ id: string }>`SELECT id FROM signals WHERE id = ${filters.signal_id} AND organization_id = ${organizationId}`.execute(db);
    if (!rows[0]) throw DomainError.notFound('Signal');
    where.push(sql`signal_id = ${filters.signal_id}`);
  }
  if (filters.kind !== undefined) where.push(sql`kind = ${filters.kind}`);
  if (filters.status !== undefined) where.push(sql`status = ${filters.status}`);
  if (filters.occurred_at_after !== undefined) where.push(sql`occurred_at > ${timestampOrThrow('occurred_at_after', filters.occurred_at_after)}`);
  if (filters.occurred_at_before !== undefined) where.push(sql`occurred_at < ${timestampOrThrow('occurred_at_before', filters.occurred_at_before)}`);
  const condition = sql.join(where, sql` AND `);
  // occurred_at, newest first unless asked otherwise; id breaks ties the same way.
  const direction = sql.raw(page.sortOrder === 'asc' ? 'ASC' : 'DESC');
  const [{ rows }, counted] = await Promise.all([
    sql<Row>`
      SELECT id, signal_id, kind, occurred_at, status, first_name, last_name, email, job_title, linkedin_url, company_domain, account_name, account_domain,
             contact_id, account_id, metadata, created_at, metadata ? 'payload' AS has_payload,
             CASE WHEN metadata ? 'payload' AND metadata ? 'event_id' THEN
               (SELECT e.payload_json FROM ingested_events e WHERE e.id = (si.metadata ->> 'event_id')::uuid AND e.organization_id = si.organization_id)
             END AS payload_json
        FROM signal_imports si WHERE ${condition} ORDER BY occurred_at ${direction}, id ${direction} LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM signal_imports WHERE ${condition}`.execute(db),
  ]);
  return { items: rows.map(signalImportJson), total: Number(counted.rows[0].total) };
}
