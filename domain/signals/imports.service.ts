// The imports feed (GET /v1/signals/imports; docs/api/signals.md): one entry per
// fact a check looked at, newest first by the fact's time. Entries are answered as JSON texts: a
// custom event's payload copy is spliced in from the event's stored source text (the payload
// size rule: copied "unchanged"), since the jsonb copy reorders keys and respells numbers.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../shared/errors.ts';
import { timestampOrThrow } from '../events/ingest.service.ts';
import { iso } from '../shared/time.ts';
import { signalImportsPage, type SignalImportFeedRow } from './signal-imports.queries.ts';
import { isOrganizationSignal } from './signals.queries.ts';

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

/** One entry's JSON text, the payload copy (when there is one) spliced in as the event stored it. */
export function signalImportJson(row: SignalImportFeedRow): string {
  const {
    payload_json: payloadJson,
    has_payload: hasPayload,
    metadata,
    occurred_at: occurredAt,
    created_at: createdAt,
    ...fields
  } = row;
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
  em: EntityManager,
  organizationId: string,
  filters: SignalImportFilters,
  page: { limit: number; offset: number; sortOrder?: 'asc' | 'desc' },
): Promise<{ items: string[]; total: number }> {
  if (filters.signal_id !== undefined && !(await isOrganizationSignal(em, organizationId, filters.signal_id)))
    throw DomainError.notFound('Signal');
  const where = {
    signalId: filters.signal_id,
    kind: filters.kind,
    status: filters.status,
    occurredAfter:
      filters.occurred_at_after !== undefined
        ? timestampOrThrow('occurred_at_after', filters.occurred_at_after)
        : undefined,
    occurredBefore:
      filters.occurred_at_before !== undefined
        ? timestampOrThrow('occurred_at_before', filters.occurred_at_before)
        : undefined,
  };
  // occurred_at, newest first unless asked otherwise; id breaks ties the same way.
  const { rows, total } = await signalImportsPage(em, organizationId, where, {
    limit: page.limit,
    offset: page.offset,
    direction: page.sortOrder ?? 'desc',
  });
  return { items: rows.map(signalImportJson), total };
}
