// The writes a check and a poll share: feed rows (signal_imports), list entries, the signal's lock,
// and the retry of a transaction that met a concurrent writer.
import { sql } from 'kysely';
import type { EntityManager } from '@mikro-orm/postgresql';
import { contactSummariesOf } from '../lists/contact-summaries.ts';
import { emitEvents } from '../activity/emit.ts';
import { isDeadlock, isUniqueViolation } from '../shared/errors.ts';
import type { SignalRow } from './signal-row.ts';

export interface PersonFields {
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  job_title: string | null;
  linkedin_url: string | null;
  company_name: string | null;
  company_domain: string | null;
}

export interface ImportRow extends Partial<PersonFields> {
  fact_key: string;
  kind: 'CONTACT' | 'ACCOUNT';
  status: 'IMPORTED' | 'SKIPPED_DUPLICATE' | 'SKIPPED_EXCLUDED' | 'SKIPPED_CAP';
  occurred_at: Date;
  account_name?: string | null;
  account_domain?: string | null;
  contact_id?: string | null;
  account_id?: string | null;
  metadata: Record<string, unknown>;
}

/**
 * Inserts feed rows, each once (the unique (signal_id, fact_key): a fact already looked at is
 * left as it is), and counts the IMPORTED ones into the signal's imported_count. Answers how
 * many rows were inserted. created_at follows the order given (a microsecond apart), so the rows
 * of a check or poll keep the order it looked at its facts in.
 */
export async function insertImports(tx: EntityManager, signal: SignalRow, rows: ImportRow[]): Promise<number> {
  if (!rows.length) return 0;
  const now = new Date();
  const { rows: inserted } = await sql<{ status: ImportRow['status'] }>`
    INSERT INTO signal_imports (id, organization_id, signal_id, fact_key, kind, status, occurred_at, first_name, last_name, email, job_title, linkedin_url,
                                company_name, company_domain, account_name, account_domain, contact_id, account_id, metadata, created_at)
    VALUES ${sql.join(rows.map((row, i) => sql`(
      gen_random_uuid(), ${signal.organization_id}, ${signal.id}, ${row.fact_key}, ${row.kind}, ${row.status}, ${row.occurred_at},
      ${row.first_name ?? null}, ${row.last_name ?? null}, ${row.email ?? null}, ${row.job_title ?? null}, ${row.linkedin_url ?? null},
      ${row.company_name ?? null}, ${row.company_domain ?? null}, ${row.account_name ?? null}, ${row.account_domain ?? null},
      ${row.contact_id ?? null}, ${row.account_id ?? null}, ${JSON.stringify(row.metadata)}::jsonb, ${now}::timestamptz + ${i} * interval '1 microsecond')`))}
    ON CONFLICT (signal_id, fact_key) DO NOTHING RETURNING status`.execute(tx.getKysely());
  const imported = inserted.filter((r) => r.status === 'IMPORTED').length;
  if (imported) await sql`UPDATE signals SET imported_count = imported_count + ${imported} WHERE id = ${signal.id}`.execute(tx.getKysely());
  return inserted.length;
}

/** The signal's transaction-scoped advisory lock: two attempts of a check (or of a poll) never interleave. */
export async function lockSignal(tx: EntityManager, signal: SignalRow): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${signal.id}, 0))`.execute(tx.getKysely());
}

/** Contact entries on the signal's list, resolved now; the ids of those made (a contact already on the list makes none). */
export async function insertContactEntries(tx: EntityManager, signal: SignalRow, entries: { id: string; contactId: string | null; fields: PersonFields }[]): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const now = new Date();
  const { rows } = await sql<{ id: string }>`
    INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, email, linkedin_url, first_name, last_name, company_name, company_domain,
                                 job_title, enrichment_status, resolved_at, created_at, updated_at)
    VALUES ${sql.join(entries.map(({ id, contactId, fields: p }) => sql`(
      ${id}, ${signal.organization_id}, ${signal.contact_list_id}, ${contactId}, ${p.email}, ${p.linkedin_url}, ${p.first_name}, ${p.last_name},
      ${p.company_name}, ${p.company_domain}, ${p.job_title}, 'DONE', ${now}, ${now}, ${now})`))}
    ON CONFLICT (contact_list_id, contact_id) DO NOTHING RETURNING id`.execute(tx.getKysely());
  return new Set(rows.map((r) => r.id));
}

/** Account entries on the signal's list (linked, or an unresolved domain); the ids of those made (an account or unlinked domain already on the list makes none). */
export async function insertAccountEntries(tx: EntityManager, signal: SignalRow, entries: { id: string; accountId: string | null; name: string; domain: string }[]): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const now = new Date();
  const { rows } = await sql<{ id: string }>`
    INSERT INTO account_entries (id, organization_id, account_list_id, account_id, name, domain, company, created_at, updated_at)
    VALUES ${sql.join(entries.map((e) => sql`(${e.id}, ${signal.organization_id}, ${signal.account_list_id}, ${e.accountId}, ${e.name}, ${e.domain}, NULL, ${now}, ${now})`))}
    ON CONFLICT DO NOTHING RETURNING id`.execute(tx.getKysely());
  return new Set(rows.map((r) => r.id));
}

/**
 * The feed rows of a page or poll, and one contact_entry.resolved per new contact entry. Under
 * the signal's lock no other writer records these facts: a row already there is a bug, and the
 * transaction rolls back.
 */
export async function recordImports(tx: EntityManager, signal: SignalRow, rows: ImportRow[], entries: { entryId: string; contactId: string }[]): Promise<void> {
  if ((await insertImports(tx, signal, rows)) !== rows.length) throw new Error(`signal ${signal.id}: a fact was already recorded`);
  const contacts = await contactSummariesOf(tx, entries.map((e) => e.contactId));
  await emitEvents(tx, entries.map((e) => ({
    type: 'contact_entry.resolved', organizationId: signal.organization_id, contact: contacts.get(e.contactId) ?? null,
    fields: { contact_entry_id: e.entryId, contact_list_id: signal.contact_list_id, external_contact_id: null },
  })));
}

/**
 * A check time as stored in metadata.check_at (toISOString: fixed width, UTC), so text order is
 * time order and the comparison uses signal_imports_check_at_index.
 */
export const checkAtText = (ms: number) => new Date(ms).toISOString();


/** Attempts of a page's or poll's transaction that meets a concurrent writer (a unique violation or a deadlock). */
const WRITE_ATTEMPTS = 3;

export async function retryConcurrentWrites<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!(isUniqueViolation(error) || isDeadlock(error)) || attempt >= WRITE_ATTEMPTS) throw error;
    }
  }
}
