// The queries of contact entries: reads (one entry, a list's page), the delete's lock and delete,
// and the batch add's upsert (their rules live in contact-entry-reads.ts, add-contact-entries.ts and
// delete-contact-entry.ts; the lead import's steps are in lead-import.queries.ts). Typed Kysely; raw
// SQL for the one upsert the builder cannot express. Each runs on the `em` it is given (its
// transaction, if any).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { EnrichmentStatus } from '../../db/entities/contact-entry.entity.ts';
import { typedKysely, type Row } from '../../db/kysely.ts';
import { LEAD_IMPORT_ENTRY_PREFIX } from '../workflow-commands/commands.ts';

/** The entry columns the API answers, in the order of the record. */
export const ENTRY_COLUMNS = [
  'id',
  'contact_list_id',
  'contact_id',
  'email',
  'linkedin_url',
  'external_contact_id',
  'first_name',
  'last_name',
  'company_name',
  'company_domain',
  'job_title',
  'phone',
  'enrichment_status',
  'enrichment_error',
  'resolved_at',
  'created_at',
  'updated_at',
] as const;

export type EntryFields = Pick<Row<'contact_entries'>, (typeof ENTRY_COLUMNS)[number]>;

/** An entry with its latest sourced sequence (null when none). */
export type EntryRow = EntryFields & {
  sequence_id: string | null;
  sequence_status: string | null;
  sequence_stopped_reason: string | null;
};

/** The entries table as `e`, to filter before selectEntry adds the columns. */
function entryTable(em: EntityManager) {
  return typedKysely(em).selectFrom('contact_entries as e');
}

/** Entry columns plus its latest sourced sequence (found through the sequences' contact index). */
function selectEntry(entries: ReturnType<typeof entryTable>) {
  return entries
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('sequences')
          .select(['id', 'status', 'stopped_reason'])
          .whereRef('organization_id', '=', 'e.organization_id')
          .whereRef('contact_id', '=', 'e.contact_id')
          .whereRef('source_contact_entry_id', '=', 'e.id')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .as('s'),
      (join) => join.onTrue(),
    )
    .select(ENTRY_COLUMNS.map((c) => `e.${c}` as const))
    .select(['s.id as sequence_id', 's.status as sequence_status', 's.stopped_reason as sequence_stopped_reason']);
}

/** One entry of the organization, or undefined. */
export function entryRow(em: EntityManager, organizationId: string, id: string): Promise<EntryRow | undefined> {
  return selectEntry(entryTable(em))
    .where('e.id', '=', id)
    .where('e.organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Whether the organization has this contact list. */
export async function contactListExists(em: EntityManager, organizationId: string, listId: string): Promise<boolean> {
  const list = await typedKysely(em)
    .selectFrom('contact_lists')
    .select('id')
    .where('id', '=', listId)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
  return !!list;
}

export interface EntryWhere {
  listId: string;
  /** The entry's email or its contact's (undefined: not filtered). */
  email?: string | null;
  /** The entry's domain or its contact's account domain. */
  domain?: string;
  externalContactId?: string;
  enrichmentStatus?: EnrichmentStatus;
  createdAfter?: Date;
  createdBefore?: Date;
}

/** One page of a list's matching entries, and the total: two statements, in parallel. */
export async function entryPage(
  em: EntityManager,
  organizationId: string,
  where: EntryWhere,
  page: { limit: number; offset: number; sortBy: 'created_at' | 'updated_at'; sortOrder: 'asc' | 'desc' },
): Promise<{ rows: EntryRow[]; total: number }> {
  const matching = entryTable(em)
    .where('e.contact_list_id', '=', where.listId)
    .$if(where.email !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('e.email', '=', where.email!),
          eb(
            'e.contact_id',
            'in',
            eb
              .selectFrom('contacts')
              .select('id')
              .where('organization_id', '=', organizationId)
              .where('email', '=', where.email!),
          ),
        ]),
      ),
    )
    .$if(where.domain !== undefined, (q) =>
      q.where((eb) =>
        eb.or([
          eb('e.company_domain', '=', where.domain!),
          eb(
            'e.contact_id',
            'in',
            eb
              .selectFrom('contacts as c')
              .innerJoin('accounts as a', 'a.id', 'c.account_id')
              .select('c.id')
              .where('c.organization_id', '=', organizationId)
              .where('a.domain', '=', where.domain!),
          ),
        ]),
      ),
    )
    .$if(where.externalContactId !== undefined, (q) => q.where('e.external_contact_id', '=', where.externalContactId!))
    .$if(!!where.enrichmentStatus, (q) => q.where('e.enrichment_status', '=', where.enrichmentStatus!))
    .$if(!!where.createdAfter, (q) => q.where('e.created_at', '>', where.createdAfter!))
    .$if(!!where.createdBefore, (q) => q.where('e.created_at', '<', where.createdBefore!));
  const [rows, counted] = await Promise.all([
    selectEntry(matching)
      .orderBy(`e.${page.sortBy}`, page.sortOrder)
      .orderBy('e.id', page.sortOrder)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** Locks an entry of the organization (FOR UPDATE); false when there is none. */
export async function lockContactEntry(em: EntityManager, organizationId: string, id: string): Promise<boolean> {
  const locked = await typedKysely(em)
    .selectFrom('contact_entries')
    .select('id')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .forUpdate()
    .executeTakeFirst();
  return !!locked;
}

export async function deleteContactEntryRow(em: EntityManager, id: string): Promise<void> {
  await typedKysely(em).deleteFrom('contact_entries').where('id', '=', id).execute();
}

// ---- The batch add

/** The default template of each of these lists of the organization (a list not the organization's is absent). */
export function listTemplates(em: EntityManager, organizationId: string, listIds: string[]) {
  return typedKysely(em)
    .selectFrom('contact_lists')
    .select(['id', 'default_sequence_template_id'])
    .where('organization_id', '=', organizationId)
    .where('id', 'in', listIds)
    .execute();
}

/** The organization's contacts with this email or this LinkedIn URL (each null: not matched on). */
export function contactsWithIdentifiers(
  em: EntityManager,
  organizationId: string,
  email: string | null,
  linkedinUrl: string | null,
) {
  return typedKysely(em)
    .selectFrom('contacts')
    .select(['id', 'email', 'linkedin_url'])
    .where('organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        ...(email ? [eb('email', '=', email)] : []),
        ...(linkedinUrl ? [eb('linkedin_url', '=', linkedinUrl)] : []),
      ]),
    )
    .execute();
}

/** The entry fields sent as text: each overwrites on an update when sent (undefined: left as it is). */
export const ENTRY_TEXT_FIELDS = [
  'external_contact_id',
  'first_name',
  'last_name',
  'company_name',
  'job_title',
  'phone',
] as const;

export interface EntryUpsert {
  organizationId: string;
  listId: string;
  contactId: string;
  email: string | null;
  linkedinUrl: string | null;
  /** undefined: not sent (an update leaves it). */
  companyDomain: string | null | undefined;
  text: Partial<Record<(typeof ENTRY_TEXT_FIELDS)[number], string | null>>;
  /** DONE (resolved now, for a known contact) or PENDING (the lead import completes it). */
  status: EnrichmentStatus;
  known: boolean;
  /** The list has a default template: a resolved entry gets a command to enroll it. */
  hasTemplate: boolean;
  now: Date;
  /** When the drain may take the command (the fast path has it first). */
  commandDueAt: Date;
}

/**
 * One statement: the entry inserted, or updated when the contact has one in the list (fields sent
 * overwrite; a FAILED entry goes back to PENDING), and, when it needs the lead import (a new
 * person, a FAILED entry sent again, or a resolved entry of a list with a default template), its
 * LEAD_IMPORT outbox command. Raw: an upsert whose prior status, inserted flag (xmax) and outbox
 * INSERT ... SELECT ride in CTEs of one statement.
 */
export async function upsertEntryWithCommand(em: EntityManager, u: EntryUpsert) {
  const updates = [sql`updated_at = ${u.now}`];
  if (u.email) updates.push(sql`email = ${u.email}`);
  if (u.linkedinUrl) updates.push(sql`linkedin_url = ${u.linkedinUrl}`);
  if (u.companyDomain !== undefined) updates.push(sql`company_domain = ${u.companyDomain}`);
  for (const f of ENTRY_TEXT_FIELDS) if (u.text[f] !== undefined) updates.push(sql`${sql.ref(f)} = ${u.text[f]}`);
  // A FAILED entry sent again goes back to its lead import.
  updates.push(
    sql`enrichment_status = CASE WHEN contact_entries.enrichment_status = 'FAILED' THEN 'PENDING' ELSE contact_entries.enrichment_status END`,
  );
  updates.push(
    sql`enrichment_error = CASE WHEN contact_entries.enrichment_status = 'FAILED' THEN NULL ELSE contact_entries.enrichment_error END`,
  );
  const { rows } = await sql<EntryRow & { inserted: boolean; was_failed: boolean; command_id: string | null }>`
    WITH before AS (SELECT enrichment_status FROM contact_entries WHERE contact_list_id = ${u.listId} AND contact_id = ${u.contactId}),
    e AS (
    INSERT INTO contact_entries (id, organization_id, contact_list_id, contact_id, email, linkedin_url, external_contact_id, first_name, last_name,
                                 company_name, company_domain, job_title, phone, enrichment_status, resolved_at, created_at, updated_at)
    VALUES (gen_random_uuid(), ${u.organizationId}, ${u.listId}, ${u.contactId}, ${u.email}, ${u.linkedinUrl}, ${u.text.external_contact_id ?? null},
            ${u.text.first_name ?? null}, ${u.text.last_name ?? null}, ${u.text.company_name ?? null}, ${u.companyDomain ?? null}, ${u.text.job_title ?? null},
            ${u.text.phone ?? null}, ${u.status}, ${u.known ? u.now : null}, ${u.now}, ${u.now})
    ON CONFLICT (contact_list_id, contact_id) DO UPDATE SET ${sql.join(updates)}
    RETURNING *, NULL AS sequence_id, (xmax = 0) AS inserted, COALESCE((SELECT enrichment_status = 'FAILED' FROM before), false) AS was_failed),
    x AS (SELECT e.id, CASE WHEN e.inserted THEN ${!u.known} ELSE e.was_failed END AS reimport, e.enrichment_status FROM e),
    cmd AS (
      INSERT INTO workflow_commands (id, organization_id, kind, workflow_id, payload, next_attempt_at, created_at)
      SELECT gen_random_uuid(), ${u.organizationId}, 'LEAD_IMPORT', ${LEAD_IMPORT_ENTRY_PREFIX} || x.id::text,
             jsonb_build_object('kind', 'LEAD_IMPORT', 'organizationId', ${u.organizationId}::text, 'entryId', x.id::text, 'import', x.reimport),
             ${u.commandDueAt}, ${u.now}
        FROM x WHERE x.reimport OR (x.enrichment_status = 'DONE' AND ${u.hasTemplate})
      RETURNING id)
    SELECT e.*, (SELECT id FROM cmd) AS command_id FROM e`.execute(em.getKysely());
  return rows[0];
}
