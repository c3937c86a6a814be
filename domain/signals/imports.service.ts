// The imports feed (GET /v1/signals/imports; docs/api/signals.md): one entry per
// fact a check looked at, newest first by the fact's time. Entries are answered as JSON texts: a
// custom event's payload copy is spliced in from the event's stored source text (the payload
// size rule: copied "unchanged"), since the jsonb copy reorders keys and respells numbers.
import { sql, type SelectQueryBuilder } from 'kysely';
import { typedKysely, type DB } from '../../db/kysely.ts';
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

const COLUMNS = [
  'id', 'signal_id', 'kind', 'occurred_at', 'status', 'first_name', 'last_name', 'email', 'job_title', 'linkedin_url',
  'company_domain', 'account_name', 'account_domain', 'contact_id', 'account_id', 'metadata', 'created_at',
] as const;

type ImportRow = Awaited<ReturnType<typeof pageOf>>[number];

/** One entry's JSON text, the payload copy (when there is one) spliced in as the event stored it. */
export function signalImportJson(row: ImportRow): string {
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
  const db = typedKysely(em);
  if (filters.signal_id !== undefined) {
    const signal = await db.selectFrom('signals').select('id').where('id', '=', filters.signal_id).where('organization_id', '=', organizationId).executeTakeFirst();
    if (!signal) throw DomainError.notFound('Signal');
  }
  const matching = db
    .selectFrom('signal_imports')
    .where('organization_id', '=', organizationId)
    .$if(filters.signal_id !== undefined, (q) => q.where('signal_id', '=', filters.signal_id!))
    .$if(filters.kind !== undefined, (q) => q.where('kind', '=', filters.kind!))
    .$if(filters.status !== undefined, (q) => q.where('status', '=', filters.status!))
    .$if(filters.occurred_at_after !== undefined, (q) => q.where('occurred_at', '>', timestampOrThrow('occurred_at_after', filters.occurred_at_after!)))
    .$if(filters.occurred_at_before !== undefined, (q) => q.where('occurred_at', '<', timestampOrThrow('occurred_at_before', filters.occurred_at_before!)));
  const [rows, counted] = await Promise.all([
    pageOf(matching, page.sortOrder ?? 'desc', page.limit, page.offset),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(signalImportJson), total: Number(counted.total) };
}

/**
 * A page of feed rows, occurred_at newest first unless asked otherwise (id breaks ties the same
 * way), each with its event's payload text when the metadata holds a payload copy.
 */
function pageOf(matching: SelectQueryBuilder<DB, 'signal_imports', object>, direction: 'asc' | 'desc', limit: number, offset: number) {
  return matching
    .select(COLUMNS)
    // SQL: jsonb key tests (?) and the event id read by a jsonb path (->>).
    .select(sql<boolean>`signal_imports.metadata ? 'payload'`.as('has_payload'))
    .select(sql<string | null>`CASE WHEN signal_imports.metadata ? 'payload' AND signal_imports.metadata ? 'event_id' THEN
      (SELECT e.payload_json FROM ingested_events e WHERE e.id = (signal_imports.metadata ->> 'event_id')::uuid AND e.organization_id = signal_imports.organization_id)
    END`.as('payload_json'))
    .orderBy('occurred_at', direction).orderBy('id', direction)
    .limit(limit).offset(offset)
    .execute();
}
