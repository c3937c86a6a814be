// The writes a check and a poll share: feed rows (signal_imports), list entries, the signal's lock,
// and the retry of a transaction that met a concurrent writer.
import type { EntityManager } from '@mikro-orm/postgresql';
import { contactSummariesOf } from '../people/contact-summaries.ts';
import { emitEvents } from '../activity/emit.ts';
import { isDeadlock, isUniqueViolation } from '../shared/errors.ts';
import type { SignalRow } from './signal-row.ts';
import {
  addImportedCount,
  insertAccountEntryRows,
  insertContactEntryRows,
  insertImportRows,
  lockSignalForWrites,
  type ImportRow,
  type PersonFields,
} from './signal-imports.queries.ts';

/**
 * Inserts feed rows, each once (the unique (signal_id, fact_key): a fact already looked at is
 * left as it is), and counts the IMPORTED ones into the signal's imported_count. Answers how
 * many rows were inserted. created_at follows the order given (a microsecond apart), so the rows
 * of a check or poll keep the order it looked at its facts in.
 */
export async function insertImports(tx: EntityManager, signal: SignalRow, rows: ImportRow[]): Promise<number> {
  if (!rows.length) return 0;
  const inserted = await insertImportRows(tx, signal, rows, new Date());
  const imported = inserted.filter((r) => r.status === 'IMPORTED').length;
  if (imported) await addImportedCount(tx, signal.id, imported);
  return inserted.length;
}

/** The signal's transaction-scoped advisory lock: two attempts of a check (or of a poll) never interleave. */
export async function lockSignal(tx: EntityManager, signal: SignalRow): Promise<void> {
  await lockSignalForWrites(tx, signal.id);
}

/** Contact entries on the signal's list, resolved now; the ids of those made (a contact already on the list makes none). */
export async function insertContactEntries(
  tx: EntityManager,
  signal: SignalRow,
  entries: { id: string; contactId: string | null; fields: PersonFields }[],
): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const now = new Date();
  const listId = signal.contact_list_id;
  if (!listId) throw new Error(`signal ${signal.id} has no contact list`);
  return new Set(
    await insertContactEntryRows(
      tx,
      entries.map(({ id, contactId, fields: p }) => ({
        id,
        organization_id: signal.organization_id,
        contact_list_id: listId,
        contact_id: contactId,
        email: p.email,
        linkedin_url: p.linkedin_url,
        first_name: p.first_name,
        last_name: p.last_name,
        company_name: p.company_name,
        company_domain: p.company_domain,
        job_title: p.job_title,
        enrichment_status: 'DONE',
        resolved_at: now,
        created_at: now,
        updated_at: now,
      })),
    ),
  );
}

/** Account entries on the signal's list (linked, or an unresolved domain); the ids of those made (an account or unlinked domain already on the list makes none). */
export async function insertAccountEntries(
  tx: EntityManager,
  signal: SignalRow,
  entries: { id: string; accountId: string | null; name: string; domain: string }[],
): Promise<Set<string>> {
  if (!entries.length) return new Set();
  const now = new Date();
  const listId = signal.account_list_id;
  if (!listId) throw new Error(`signal ${signal.id} has no account list`);
  return new Set(
    await insertAccountEntryRows(
      tx,
      entries.map((e) => ({
        id: e.id,
        organization_id: signal.organization_id,
        account_list_id: listId,
        account_id: e.accountId,
        name: e.name,
        domain: e.domain,
        company: null,
        created_at: now,
        updated_at: now,
      })),
    ),
  );
}

/**
 * The feed rows of a page or poll, and one contact_entry.resolved per new contact entry. Under
 * the signal's lock no other writer records these facts: a row already there is a bug, and the
 * transaction rolls back.
 */
export async function recordImports(
  tx: EntityManager,
  signal: SignalRow,
  rows: ImportRow[],
  entries: { entryId: string; contactId: string }[],
): Promise<void> {
  if ((await insertImports(tx, signal, rows)) !== rows.length)
    throw new Error(`signal ${signal.id}: a fact was already recorded`);
  const contacts = await contactSummariesOf(
    tx,
    entries.map((e) => e.contactId),
  );
  await emitEvents(
    tx,
    entries.map((e) => ({
      type: 'contact_entry.resolved',
      organizationId: signal.organization_id,
      contact: contacts.get(e.contactId) ?? null,
      fields: { contact_entry_id: e.entryId, contact_list_id: signal.contact_list_id, external_contact_id: null },
    })),
  );
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
