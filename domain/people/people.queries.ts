// The people feature's queries (contact summaries and the contact list, accounts, variables, credits
// and the ICP profile), in typed Kysely; the hot ones compiled once (db/statement.ts). Each runs on
// the `em` it is given (its transaction, if any); the use cases beside this file hold the rules.
// Writing contacts is in contact-upsert.queries.ts (one) and contact-import.queries.ts (a batch).
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely, type Row } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';

// ---- Contact summaries (what events embed)

/** Contacts (alias c) joined with their account (alias a), selecting the summary's fields; callers add the where. */
export function contactSummaryQuery(em: EntityManager) {
  return typedKysely(em)
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select((eb) => [
      'c.id',
      'c.first_name',
      'c.last_name',
      'c.email',
      'c.linkedin_url',
      'c.job_title',
      eb.fn.coalesce('c.company_name', 'a.name').as('company_name'),
      'a.domain as company_domain',
    ]);
}

/** The summaries of these contacts (one statement). */
export function contactSummaryRows(em: EntityManager, contactIds: string[]) {
  return contactSummaryQuery(em).where('c.id', 'in', contactIds).execute();
}

// ---- The contact list

export interface ContactListWhere {
  email?: string | null;
  linkedinUrl?: string | null;
  contactId?: string;
  domain?: string;
  firstSeenAfter?: Date;
  lastSeenAfter?: Date;
}

export const CONTACT_SORT_COLUMNS = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  first_seen_at: 'first_seen_at',
  last_seen_at: 'last_seen_at',
  email: 'email',
  first_name: 'first_name',
  last_name: 'last_name',
} as const;

function matchingContacts(em: EntityManager, organizationId: string, where: ContactListWhere) {
  return typedKysely(em)
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .where('c.organization_id', '=', organizationId)
    .$if(!!where.email, (q) => q.where('c.email', '=', where.email!))
    .$if(!!where.linkedinUrl, (q) => q.where('c.linkedin_url', '=', where.linkedinUrl!))
    .$if(!!where.contactId, (q) => q.where('c.id', '=', where.contactId!))
    .$if(where.domain !== undefined, (q) => q.where('a.domain', '=', where.domain!))
    .$if(!!where.firstSeenAfter, (q) => q.where('c.first_seen_at', '>', where.firstSeenAfter!))
    .$if(!!where.lastSeenAfter, (q) => q.where('c.last_seen_at', '>', where.lastSeenAfter!));
}

/**
 * Every column of a contacts row, by name: a statement that selects `*` is never prepared
 * (db/prepared-statements.ts). Read as ContactRow, so a column left out fails to compile.
 */
export const CONTACT_COLUMNS = [
  'id',
  'organization_id',
  'account_id',
  'email',
  'linkedin_url',
  'first_name',
  'last_name',
  'job_title',
  'company_name',
  'phone',
  'timezone',
  'country',
  'region',
  'city',
  'owner_id',
  'email_status',
  'email_verified_at',
  'first_seen_at',
  'last_seen_at',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof Row<'contacts'>)[];

/** What a contact record reads beside the contact row: its account ("a") and owner ("u"), as ContactRow names them. */
export const CONTACT_JOINED_COLUMNS = [
  'a.name as account_name',
  'a.domain as account_domain',
  'a.country as account_country',
  'a.region as account_region',
  'a.city as account_city',
  'u.email as owner_email',
  'u.name as owner_name',
] as const;

/** One page of the matching contacts with their account and owner, each row carrying the total (window count). */
export function contactListPage(
  em: EntityManager,
  organizationId: string,
  where: ContactListWhere,
  page: { limit: number; offset: number; sortBy: keyof typeof CONTACT_SORT_COLUMNS; sortOrder: 'asc' | 'desc' },
) {
  return matchingContacts(em, organizationId, where)
    .leftJoin('users as u', 'u.id', 'c.owner_id')
    .selectAll('c')
    .select(CONTACT_JOINED_COLUMNS)
    .select((eb) => eb.fn.countAll().over().as('total'))
    .orderBy(`c.${CONTACT_SORT_COLUMNS[page.sortBy]}`, page.sortOrder)
    .orderBy('c.id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many contacts match (for a page past the last, where no row carries the window count). */
export async function contactListCount(em: EntityManager, organizationId: string, where: ContactListWhere) {
  return (
    await matchingContacts(em, organizationId, where)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow()
  ).total;
}

/** Deletes the organization's activity rows about a contact (their queued webhook deliveries go by ON DELETE CASCADE). */
export async function deleteContactActivities(
  em: EntityManager,
  organizationId: string,
  contactId: string,
): Promise<void> {
  await typedKysely(em)
    .deleteFrom('activities')
    .where('organization_id', '=', organizationId)
    .where('contact_id', '=', contactId)
    .execute();
}

// ---- Accounts

/** One account of upsertAccountRows (a contact's company, on every contact upsert): compiled once. */
const upsertOneAccount = statement((db, id: string, organizationId: string, domain: string, name: string, now: Date) =>
  db
    .insertInto('accounts')
    .values({
      id,
      organization_id: organizationId,
      name,
      domain,
      first_seen_at: now,
      last_seen_at: now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'domain'])
        .doUpdateSet((eb) => ({ last_seen_at: eb.ref('excluded.last_seen_at') })),
    )
    .returning(['id', 'domain']),
);

/** Inserts the (domain, name) accounts, or moves last_seen_at of those the organization has; their ids. */
export async function upsertAccountRows(
  em: EntityManager,
  organizationId: string,
  accounts: [string, string][],
): Promise<{ id: string; domain: string }[]> {
  const now = new Date();
  if (accounts.length === 1)
    return (await upsertOneAccount(em, randomUUID(), organizationId, accounts[0][0], accounts[0][1], now)).rows;
  return typedKysely(em)
    .insertInto('accounts')
    .values(
      accounts.map(([domain, name]) => ({
        id: randomUUID(),
        organization_id: organizationId,
        name,
        domain,
        first_seen_at: now,
        last_seen_at: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['organization_id', 'domain'])
        .doUpdateSet((eb) => ({ last_seen_at: eb.ref('excluded.last_seen_at') })),
    )
    .returning(['id', 'domain'])
    .execute();
}

// ---- Variables: written set-based (mergeVariables), so read the same way: through the identity
// map a merge would be invisible to entities loaded before it. Read by every message step:
// compiled once.

export const selectContactVariables = statement((db, contactId: string) =>
  db.selectFrom('contact_variables').select(['key', 'value']).where('contact_id', '=', contactId).orderBy('key'),
);
export const selectAccountVariables = statement((db, accountId: string) =>
  db.selectFrom('account_variables').select(['key', 'value']).where('account_id', '=', accountId).orderBy('key'),
);

/** Inserts or overwrites the (key, value) variables of a contact or an account. */
export async function mergeVariables(
  em: EntityManager,
  kind: 'contact' | 'account',
  ownerId: string,
  entries: [string, string | null][],
): Promise<void> {
  const db = typedKysely(em);
  const now = new Date();
  const rows = entries.map(([key, value]) => ({ key, value, updated_at: now }));
  if (kind === 'contact') {
    await db
      .insertInto('contact_variables')
      .values(rows.map((row) => ({ ...row, contact_id: ownerId })))
      .onConflict((oc) =>
        oc
          .columns(['contact_id', 'key'])
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
  } else {
    await db
      .insertInto('account_variables')
      .values(rows.map((row) => ({ ...row, account_id: ownerId })))
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'key'])
          .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
      )
      .execute();
  }
}

// ---- The organization: enrichment credits and the ICP profile

/** The organization's enrichment credit balance (one primary-key read; on every GET /v1/me: compiled once). */
export const selectCredits = statement((db, organizationId: string) =>
  db.selectFrom('organizations').select('enrichment_credits').where('id', '=', organizationId),
);

/** Takes one credit if any is left; the new balance, or null when there was none. */
export async function spendCredit(em: EntityManager, organizationId: string): Promise<number | null> {
  const row = await typedKysely(em)
    .updateTable('organizations')
    .set((eb) => ({ enrichment_credits: eb('enrichment_credits', '-', 1) }))
    .where('id', '=', organizationId)
    .where('enrichment_credits', '>', 0)
    .returning('enrichment_credits')
    .executeTakeFirst();
  return row ? row.enrichment_credits : null;
}

/** The organization's stored ICP profile (null when none). */
export async function storedIcpProfile(em: EntityManager, organizationId: string) {
  const row = await typedKysely(em)
    .selectFrom('organizations')
    .select('icp_profile')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.icp_profile ?? null;
}
