// The signals feature's queries on what a check or poll looks at and writes: the feed rows
// (signal_imports) and their page, the entries it makes on the signal's list, the signal's lock, the
// events a poll reads, and the contacts it reads and fills. Typed Kysely; raw SQL where the builder
// cannot say it (an advisory lock, jsonb paths and key tests, a CASE with a NOT EXISTS). Each runs on
// the `em` it is given (its transaction, if any); the use cases beside this file hold the rules.
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql, type Insertable, type SelectQueryBuilder } from 'kysely';
import { typedKysely, type DB } from '../../db/kysely.ts';

// ---- Feed rows

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
 * Inserts the signal's feed rows, each once (the unique (signal_id, fact_key): a fact already
 * looked at is left as it is); answers the status of each row inserted. created_at follows the
 * order given (a microsecond apart from `now`).
 */
export function insertImportRows(
  tx: EntityManager,
  signal: { id: string; organization_id: string },
  rows: ImportRow[],
  now: Date,
) {
  return typedKysely(tx)
    .insertInto('signal_imports')
    .values(
      rows.map((row, i) => ({
        id: sql<string>`gen_random_uuid()`,
        organization_id: signal.organization_id,
        signal_id: signal.id,
        fact_key: row.fact_key,
        kind: row.kind,
        status: row.status,
        occurred_at: row.occurred_at,
        first_name: row.first_name ?? null,
        last_name: row.last_name ?? null,
        email: row.email ?? null,
        job_title: row.job_title ?? null,
        linkedin_url: row.linkedin_url ?? null,
        company_name: row.company_name ?? null,
        company_domain: row.company_domain ?? null,
        account_name: row.account_name ?? null,
        account_domain: row.account_domain ?? null,
        contact_id: row.contact_id ?? null,
        account_id: row.account_id ?? null,
        metadata: row.metadata,
        // Microseconds apart: finer than a JavaScript Date holds, so the database adds them.
        created_at: sql<Date>`${now}::timestamptz + ${i} * interval '1 microsecond'`,
      })),
    )
    .onConflict((oc) => oc.columns(['signal_id', 'fact_key']).doNothing())
    .returning('status')
    .execute();
}

/** Adds `imported` to the signal's imported_count. */
export async function addImportedCount(tx: EntityManager, signalId: string, imported: number): Promise<void> {
  await typedKysely(tx)
    .updateTable('signals')
    .set((eb) => ({ imported_count: eb('imported_count', '+', imported) }))
    .where('id', '=', signalId)
    .execute();
}

/** The signal's transaction-scoped advisory lock. */
export async function lockSignalForWrites(tx: EntityManager, signalId: string): Promise<void> {
  // SQL: an advisory lock is a function call, not a table the builder knows.
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${signalId}, 0))`.execute(tx.getKysely());
}

/** The fact keys among `keys` the signal has a feed row for. */
export function lookedAtKeys(tx: EntityManager, signalId: string, keys: string[]) {
  return typedKysely(tx)
    .selectFrom('signal_imports')
    .select('fact_key')
    .where('signal_id', '=', signalId)
    .where((eb) => eb('fact_key', '=', eb.fn.any(eb.val(keys))))
    .execute();
}

/**
 * The contact entries of `contactListId` made for the signal's IMPORTED feed rows of one check (its
 * metadata.check_at), newest fact first.
 */
export async function importedEntriesOfCheck(
  em: EntityManager,
  signalId: string,
  contactListId: string,
  checkAt: string,
) {
  // SQL: the match is on a jsonb path of the metadata (->>), as signal_imports_check_at_index is built.
  const { rows } = await sql<{ contact_id: string; entry_id: string }>`
    SELECT e.contact_id, e.id AS entry_id
      FROM signal_imports i JOIN contact_entries e ON e.contact_list_id = ${contactListId} AND e.contact_id = i.contact_id
     WHERE i.signal_id = ${signalId} AND i.status = 'IMPORTED' AND (i.metadata->>'check_at') = ${checkAt}
     ORDER BY i.occurred_at DESC, i.fact_key`.execute(em.getKysely());
  return rows;
}

/** The signal's IMPORTED feed rows of checks after `since` (a metadata.check_at text). */
export async function importedSince(em: EntityManager, signalId: string, since: string): Promise<number> {
  // SQL: the window is a jsonb path of the metadata (->>), as signal_imports_check_at_index is built.
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM signal_imports
     WHERE signal_id = ${signalId} AND status = 'IMPORTED' AND (metadata->>'check_at') > ${since}`.execute(
    em.getKysely(),
  );
  return Number(rows[0].n);
}

/**
 * The companies whose people checks after `since` (a metadata.check_at text) looked up: distinct
 * company facts of the person rows (`|person:`), a company skipped at the cap (`|person:*`) aside.
 */
export async function companiesLookedUpSince(em: EntityManager, signalId: string, since: string): Promise<number> {
  // SQL: a distinct count over a jsonb path of the metadata (->>).
  const { rows } = await sql<{ n: string }>`
    SELECT count(DISTINCT metadata->>'fact_key') AS n FROM signal_imports
     WHERE signal_id = ${signalId} AND (metadata->>'check_at') > ${since}
       AND fact_key LIKE '%|person:%' AND fact_key NOT LIKE '%|person:*'`.execute(em.getKysely());
  return Number(rows[0].n);
}

/** The fact keys among `keys` the signal has a feed row for, a person row counting for its company fact (the key before `|person:`). */
export async function seenFactKeys(em: EntityManager, signalId: string, keys: string[]): Promise<string[]> {
  // SQL: the key is a split_part expression, selected and matched as one; DISTINCT over it.
  const { rows } = await sql<{ key: string }>`
    SELECT DISTINCT split_part(fact_key, '|person:', 1) AS key FROM signal_imports
     WHERE signal_id = ${signalId} AND split_part(fact_key, '|person:', 1) = ANY (${keys}::text[])`.execute(
    em.getKysely(),
  );
  return rows.map((r) => r.key);
}

// ---- Entries on the signal's list

/** Inserts contact entries (one already on the list for its contact makes none); the ids of those made. */
export async function insertContactEntryRows(
  tx: EntityManager,
  rows: Insertable<DB['contact_entries']>[],
): Promise<string[]> {
  const made = await typedKysely(tx)
    .insertInto('contact_entries')
    .values(rows)
    .onConflict((oc) => oc.columns(['contact_list_id', 'contact_id']).doNothing())
    .returning('id')
    .execute();
  return made.map((r) => r.id);
}

/** Inserts account entries (one that meets any unique entry makes none); the ids of those made. */
export async function insertAccountEntryRows(
  tx: EntityManager,
  rows: Insertable<DB['account_entries']>[],
): Promise<string[]> {
  const made = await typedKysely(tx)
    .insertInto('account_entries')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return made.map((r) => r.id);
}

/** The entries of the contact list whose email or LinkedIn URL (or their contact's) is among these, with the contact's. */
export function contactListMatches(
  em: EntityManager,
  contactListId: string | null,
  emails: string[],
  linkedinUrls: string[],
) {
  return typedKysely(em)
    .selectFrom('contact_entries as e')
    .leftJoin('contacts as c', 'c.id', 'e.contact_id')
    .select([
      'e.email',
      'e.linkedin_url',
      'c.email as contact_email',
      'c.linkedin_url as contact_linkedin_url',
      'e.contact_id',
      'c.account_id',
    ])
    .where('e.contact_list_id', '=', contactListId)
    .where((eb) =>
      eb.or([
        eb('e.email', '=', eb.fn.any(eb.val(emails))),
        eb('e.linkedin_url', '=', eb.fn.any(eb.val(linkedinUrls))),
        eb('c.email', '=', eb.fn.any(eb.val(emails))),
        eb('c.linkedin_url', '=', eb.fn.any(eb.val(linkedinUrls))),
      ]),
    )
    .execute();
}

/** The entries of the account list whose domain is among these. */
export function accountListMatches(em: EntityManager, accountListId: string | null, domains: string[]) {
  return typedKysely(em)
    .selectFrom('account_entries')
    .select(['domain', 'account_id'])
    .where('account_list_id', '=', accountListId)
    .where((eb) => eb('domain', '=', eb.fn.any(eb.val(domains))))
    .execute();
}

// ---- Events a poll reads, and contacts

/** The organization's events of `eventName` after the watermark (received_at, id), oldest first, at most `limit`, with their contact's email and account. */
export function eventsAfter(
  em: EntityManager,
  organizationId: string,
  eventName: string | null,
  watermark: { received_at: string; id: string } | null,
  limit: number,
) {
  return typedKysely(em)
    .selectFrom('ingested_events as e')
    .leftJoin('contacts as c', 'c.id', 'e.contact_id')
    .leftJoin('accounts as a', 'a.id', 'e.account_id')
    .select([
      'e.id',
      'e.occurred_at',
      'e.received_at',
      'e.subject',
      'e.payload_json',
      'e.resolution_status',
      'e.contact_id',
      'e.account_id',
      'c.email as contact_email',
      'a.domain as account_domain',
      'a.name as account_name',
    ])
    .where('e.organization_id', '=', organizationId)
    .where('e.event_name', '=', eventName)
    .$if(!!watermark, (q) =>
      q.where((eb) =>
        eb(eb.refTuple('e.received_at', 'e.id'), '>', eb.tuple(new Date(watermark!.received_at), watermark!.id)),
      ),
    )
    .orderBy('e.received_at')
    .orderBy('e.id')
    .limit(limit)
    .execute();
}

/** The person fields of these contacts. */
export function contactFieldsOf(tx: EntityManager, ids: string[]) {
  return typedKysely(tx)
    .selectFrom('contacts')
    .select(['id', 'first_name', 'last_name', 'email', 'job_title', 'linkedin_url', 'company_name'])
    .where((eb) => eb('id', '=', eb.fn.any(eb.val(ids))))
    .execute();
}

/** The contact's email and phone, if it exists. */
export function contactEmailAndPhone(em: EntityManager, contactId: string) {
  return typedKysely(em)
    .selectFrom('contacts')
    .select(['email', 'phone'])
    .where('id', '=', contactId)
    .executeTakeFirst();
}

/**
 * Fills the contact's email (when `fillEmail`, the column is empty, and no other contact of the
 * organization holds it) and phone (when `fillPhone` and the column is empty).
 */
export async function fillContactGaps(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  fill: { fillEmail: boolean; fillPhone: boolean; email: string | null; phone: string | null },
): Promise<void> {
  // SQL: each column decides in the statement itself (CASE with a NOT EXISTS on the same table).
  await sql`
    UPDATE contacts SET
      email = CASE WHEN ${fill.fillEmail} AND email IS NULL AND ${fill.email}::text IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM contacts o WHERE o.organization_id = ${organizationId} AND o.email = ${fill.email}::text) THEN ${fill.email}::text ELSE email END,
      phone = CASE WHEN ${fill.fillPhone} AND phone IS NULL THEN ${fill.phone}::text ELSE phone END,
      updated_at = ${new Date()}
    WHERE id = ${contactId}`.execute(em.getKysely());
}

// ---- The feed (GET /v1/signals/imports)

const FEED_COLUMNS = [
  'id',
  'signal_id',
  'kind',
  'occurred_at',
  'status',
  'first_name',
  'last_name',
  'email',
  'job_title',
  'linkedin_url',
  'company_domain',
  'account_name',
  'account_domain',
  'contact_id',
  'account_id',
  'metadata',
  'created_at',
] as const;

/** The feed's filters, times parsed. */
export interface SignalImportWhere {
  signalId?: string;
  kind?: 'CONTACT' | 'ACCOUNT';
  status?: ImportRow['status'];
  occurredAfter?: Date;
  occurredBefore?: Date;
}

/** A feed row with `has_payload` (its metadata holds a payload copy) and its event's payload text. */
export type SignalImportFeedRow = Awaited<ReturnType<typeof pageOf>>[number];

/** One page of the organization's matching feed rows (occurred_at then id in `direction`), and how many match. */
export async function signalImportsPage(
  em: EntityManager,
  organizationId: string,
  where: SignalImportWhere,
  page: { limit: number; offset: number; direction: 'asc' | 'desc' },
): Promise<{ rows: SignalImportFeedRow[]; total: number }> {
  const matching = typedKysely(em)
    .selectFrom('signal_imports')
    .where('organization_id', '=', organizationId)
    .$if(where.signalId !== undefined, (q) => q.where('signal_id', '=', where.signalId!))
    .$if(where.kind !== undefined, (q) => q.where('kind', '=', where.kind!))
    .$if(where.status !== undefined, (q) => q.where('status', '=', where.status!))
    .$if(where.occurredAfter !== undefined, (q) => q.where('occurred_at', '>', where.occurredAfter!))
    .$if(where.occurredBefore !== undefined, (q) => q.where('occurred_at', '<', where.occurredBefore!));
  const [rows, counted] = await Promise.all([
    pageOf(matching, page.direction, page.limit, page.offset),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** A page of feed rows, each with its event's payload text when the metadata holds a payload copy. */
function pageOf(
  matching: SelectQueryBuilder<DB, 'signal_imports', object>,
  direction: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  return (
    matching
      .select(FEED_COLUMNS)
      // SQL: jsonb key tests (?) and the event id read by a jsonb path (->>).
      .select(sql<boolean>`signal_imports.metadata ? 'payload'`.as('has_payload'))
      .select(
        sql<string | null>`CASE WHEN signal_imports.metadata ? 'payload' AND signal_imports.metadata ? 'event_id' THEN
      (SELECT e.payload_json FROM ingested_events e WHERE e.id = (signal_imports.metadata ->> 'event_id')::uuid AND e.organization_id = signal_imports.organization_id)
    END`.as('payload_json'),
      )
      .orderBy('occurred_at', direction)
      .orderBy('id', direction)
      .limit(limit)
      .offset(offset)
      .execute()
  );
}
