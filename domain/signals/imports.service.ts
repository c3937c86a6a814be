// The imports feed (SPEC 'Signal': imports feed entry; GET /v1/signals/imports): one entry per
// fact a check looked at, newest first by the fact's time.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../errors.ts';
import { timestampOrThrow } from '../events-ingest.service.ts';

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

type Row = Omit<SignalImportRecord, 'occurred_at' | 'created_at'> & { occurred_at: Date; created_at: Date };

/** A signal_id of another organization (or none) is 404, as reading the signal would be. */
export async function listSignalImports(
  em: EntityManager, organizationId: string, filters: SignalImportFilters, page: { limit: number; offset: number },
): Promise<{ items: SignalImportRecord[]; total: number }> {
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
  const [{ rows }, counted] = await Promise.all([
    sql<Row>`
      SELECT id, signal_id, kind, occurred_at, status, first_name, last_name, email, job_title, linkedin_url, company_domain, account_name, account_domain,
             contact_id, account_id, metadata, created_at
        FROM signal_imports WHERE ${condition} ORDER BY occurred_at DESC, id DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ total: string }>`SELECT count(*) AS total FROM signal_imports WHERE ${condition}`.execute(db),
  ]);
  const iso = (d: Date) => new Date(d).toISOString();
  return { items: rows.map((r) => ({ ...r, occurred_at: iso(r.occurred_at), created_at: iso(r.created_at) })), total: Number(counted.rows[0].total) };
}
