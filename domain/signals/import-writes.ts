// The writes a check and a poll share: feed rows (signal_imports), list entries, the signal's lock,
// and the retry of a transaction that met a concurrent writer.
import { sql } from 'kysely';
import { typedKysely } from '../../db/kysely.ts';
import type { EntityManager } from '@mikro-orm/postgresql';
import { contactSummariesOf } from '../people/contact-summaries.ts';
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
  const db = typedKysely(tx);
  const inserted = await db.insertInto('signal_imports')
    .values(rows.map((row, i) => ({
      id: sql<string>`gen_random_uuid()`, organization_id: signal.organization_id, signal_id: signal.id, fact_key: row.fact_key, kind: row.kind,
      status: row.status, occurred_at: row.occurred_at, first_name: row.first_name ?? null, last_name: row.last_name ?? null, email: row.email ?? null,
      job_title: row.job_title ?? null, linkedin_url: row.linkedin_url ?? null, company_name: row.company_name ?? null, company_domain: row.company_domain ?? null,
      account_name: row.account_name ?? null, account_domain: row.account_domain ?? null, contact_id: row.contact_id ?? null, account_id: row.account_id ?? null,
      metadata: row.metadata,
      // Microseconds apart: finer than a JavaScript Date holds, so the database adds them.
      created_at: sql<Date>`${now}::timestamptz + ${i} * interval '1 microsecond'`,
    })))
    .onConflict((oc) => oc.columns(['signal_id', 'fact_key']).doNothing())
    .returning('status')
    .execute();
  const imported = inserted.filter((r) => r.status === 'IMPORTED').length;
  if (imported) await db.updateTable('signals').set((eb) => ({ imported_count: eb('imported_count', '+', imported) })).where('id', '=', signal.id).execute();
  return inserted.length;
}

/** The signal's transaction-scoped advisory lock: two attempts of a check (or of a poll) never interleave. */
export async function lockSignal(tx: EntityManager, signal: SignalRow): Promise<void> {
  // SQL: an advisory lock is a function call, not a table the builder knows.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${signal.id}, 0))`.execute(tx.getKysely());
}

/** Contact entries on the signal's list, resolved now; the ids of those made (a contact already on the list makes none). */
export async function insertContactEntries(tx: EntityManager, signal: SignalRow, entries: { id: string; contactId: string | null; fields: PersonFields }[]): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const now = new Date();
  const listId = signal.contact_list_id;
  if (!listId) throw new Error(`signal ${signal.id} has no contact list`);
  const rows = await typedKysely(tx).insertInto('contact_entries')
    .values(entries.map(({ id, contactId, fields: p }) => ({
      id, organization_id: signal.organization_id, contact_list_id: listId, contact_id: contactId, email: p.email, linkedin_url: p.linkedin_url,
      first_name: p.first_name, last_name: p.last_name, company_name: p.company_name, company_domain: p.company_domain, job_title: p.job_title,
      enrichment_status: 'DONE', resolved_at: now, created_at: now, updated_at: now,
    })))
    .onConflict((oc) => oc.columns(['contact_list_id', 'contact_id']).doNothing())
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Account entries on the signal's list (linked, or an unresolved domain); the ids of those made (an account or unlinked domain already on the list makes none). */
export async function insertAccountEntries(tx: EntityManager, signal: SignalRow, entries: { id: string; accountId: string | null; name: string; domain: string }[]): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const now = new Date();
  const listId = signal.account_list_id;
  if (!listId) throw new Error(`signal ${signal.id} has no account list`);
  const rows = await typedKysely(tx).insertInto('account_entries')
    .values(entries.map((e) => ({
      id: e.id, organization_id: signal.organization_id, account_list_id: listId, account_id: e.accountId, name: e.name, domain: e.domain,
      company: null, created_at: now, updated_at: now,
    })))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
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
