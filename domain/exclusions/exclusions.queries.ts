// The exclusions feature's queries (the exclusion check, contact and account exclusions), in typed
// Kysely; the check's two statements compiled once (db/statement.ts): they are asked before every
// enrollment, step and import. Each runs on the `em` it is given (its transaction, if any).
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { ExclusionReason } from '../../db/entities/contact-exclusion.entity.ts';
import { typedKysely, type Row } from '../../db/kysely.ts';
import { statement } from '../../db/statement.ts';
import { contactSummaryQuery } from '../people/people.queries.ts';

// ---- The check

/** The exclusions in force at `at` for some emails, LinkedIn URLs and domains: one statement. */
export const selectExclusions = statement(
  (db, organizationId: string, emails: string[], linkedinUrls: string[], domains: string[], at: Date) =>
    db
      .selectFrom('contact_exclusions')
      .select([
        sql.lit('CONTACT').$castTo<'CONTACT' | 'ACCOUNT'>().as('kind'),
        'id',
        'reason',
        'until',
        'email',
        'linkedin_url',
        sql.lit(null).$castTo<string | null>().as('domain'),
      ])
      .where('organization_id', '=', organizationId)
      .where((eb) =>
        eb.or([eb('email', '=', eb.fn.any(eb.val(emails))), eb('linkedin_url', '=', eb.fn.any(eb.val(linkedinUrls)))]),
      )
      .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', at)]))
      .unionAll(
        db
          .selectFrom('account_exclusions')
          .select([
            sql.lit('ACCOUNT').$castTo<'CONTACT' | 'ACCOUNT'>().as('kind'),
            'id',
            'reason',
            'until',
            sql.lit(null).$castTo<string | null>().as('email'),
            sql.lit(null).$castTo<string | null>().as('linkedin_url'),
            'domain',
          ])
          .where('organization_id', '=', organizationId)
          .where((eb) => eb('domain', '=', eb.fn.any(eb.val(domains))))
          .where((eb) => eb.or([eb('until', 'is', null), eb('until', '>', at)])),
      ),
);

/** A contact's email, LinkedIn URL and linked account's domain. */
export const selectContactIdentifiers = statement((db, organizationId: string, contactId: string) =>
  db
    .selectFrom('contacts as c')
    .leftJoin('accounts as a', 'a.id', 'c.account_id')
    .select(['c.email', 'c.linkedin_url', 'a.domain as account_domain'])
    .where('c.id', '=', contactId)
    .where('c.organization_id', '=', organizationId),
);

// ---- Listing (both kinds)

export interface ExclusionListWhere {
  reason?: ExclusionReason;
  createdAfter?: Date;
  createdBefore?: Date;
}

export type ExclusionListPage<C extends string> = {
  limit: number;
  offset: number;
  sortColumn: C;
  sortOrder: 'asc' | 'desc';
};

// ---- Contact exclusions

/** The exclusions holding this email or this LinkedIn URL, oldest first (`forUpdate`: locked). */
export function exclusionsOfPerson(
  em: EntityManager,
  organizationId: string,
  email: string | null,
  linkedinUrl: string | null,
  forUpdate = false,
) {
  return typedKysely(em)
    .selectFrom('contact_exclusions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        ...(email ? [eb('email', '=', email)] : []),
        ...(linkedinUrl ? [eb('linkedin_url', '=', linkedinUrl)] : []),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .$if(forUpdate, (query) => query.forUpdate())
    .execute();
}

/** The summaries of the organization's contacts with this email or this LinkedIn URL, oldest first. */
export function contactSummariesWithIdentifiers(
  em: EntityManager,
  organizationId: string,
  email: string | null,
  linkedinUrl: string | null,
) {
  return contactSummaryQuery(em)
    .where('c.organization_id', '=', organizationId)
    .where((eb) =>
      eb.or([
        ...(email ? [eb('c.email', '=', email)] : []),
        ...(linkedinUrl ? [eb('c.linkedin_url', '=', linkedinUrl)] : []),
      ]),
    )
    .orderBy('c.created_at')
    .execute();
}

export interface ExclusionValues {
  id: string;
  organization_id: string;
  reason: ExclusionReason;
  message: string | null;
  until: Date | null;
  created_at: Date;
  updated_at: Date;
}

export function insertContactExclusion(
  em: EntityManager,
  values: ExclusionValues & { email: string | null; linkedin_url: string | null },
) {
  return typedKysely(em).insertInto('contact_exclusions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The columns of an exclusion a PATCH or an extension sets. */
export type ExclusionSet = { updated_at: Date; reason?: ExclusionReason; message?: string | null; until?: Date | null };

/** Sets columns of one contact exclusion by id; the row. */
export function setContactExclusion(em: EntityManager, id: string, set: ExclusionSet) {
  return typedKysely(em)
    .updateTable('contact_exclusions')
    .set(set)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function contactExclusionById(em: EntityManager, organizationId: string, id: string) {
  return typedKysely(em)
    .selectFrom('contact_exclusions')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Sets columns of one contact exclusion of the organization; the row, or undefined. */
export function updateContactExclusion(em: EntityManager, organizationId: string, id: string, set: ExclusionSet) {
  return typedKysely(em)
    .updateTable('contact_exclusions')
    .set(set)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one contact exclusion of the organization; false when there was none. */
export async function deleteContactExclusionRow(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const row = await typedKysely(em)
    .deleteFrom('contact_exclusions')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export const CONTACT_EXCLUSION_SORT_COLUMNS = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  email: 'email',
  reason: 'reason',
} as const;

function matchingContactExclusions(
  em: EntityManager,
  organizationId: string,
  where: ExclusionListWhere & { email?: string | null; linkedinUrl?: string | null },
) {
  return typedKysely(em)
    .selectFrom('contact_exclusions')
    .where('organization_id', '=', organizationId)
    .$if(where.reason !== undefined, (q) => q.where('reason', '=', where.reason!))
    .$if(where.createdAfter !== undefined, (q) => q.where('created_at', '>', where.createdAfter!))
    .$if(where.createdBefore !== undefined, (q) => q.where('created_at', '<', where.createdBefore!))
    .$if(!!where.email, (q) => q.where('email', '=', where.email!))
    .$if(!!where.linkedinUrl, (q) => q.where('linkedin_url', '=', where.linkedinUrl!));
}

/** One page of the matching contact exclusions, each row carrying the total (window count). */
export function contactExclusionPage(
  em: EntityManager,
  organizationId: string,
  where: ExclusionListWhere & { email?: string | null; linkedinUrl?: string | null },
  page: ExclusionListPage<(typeof CONTACT_EXCLUSION_SORT_COLUMNS)[keyof typeof CONTACT_EXCLUSION_SORT_COLUMNS]>,
) {
  return matchingContactExclusions(em, organizationId, where)
    .selectAll()
    .select((eb) => eb.fn.countAll().over().as('total'))
    .orderBy(page.sortColumn, page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many contact exclusions match (for a page past the last). */
export async function contactExclusionCount(
  em: EntityManager,
  organizationId: string,
  where: ExclusionListWhere & { email?: string | null; linkedinUrl?: string | null },
) {
  return (
    await matchingContactExclusions(em, organizationId, where)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow()
  ).total;
}

// ---- Account exclusions

export async function accountExclusionOfDomain(
  em: EntityManager,
  organizationId: string,
  domain: string,
): Promise<Row<'account_exclusions'> | null> {
  const row = await typedKysely(em)
    .selectFrom('account_exclusions')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .where('domain', '=', domain)
    .executeTakeFirst();
  return row ?? null;
}

export function insertAccountExclusion(em: EntityManager, values: ExclusionValues & { domain: string }) {
  return typedKysely(em).insertInto('account_exclusions').values(values).returningAll().executeTakeFirstOrThrow();
}

export function accountExclusionById(em: EntityManager, organizationId: string, id: string) {
  return typedKysely(em)
    .selectFrom('account_exclusions')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .executeTakeFirst();
}

/** Sets columns of one account exclusion of the organization; the row, or undefined. */
export function updateAccountExclusion(em: EntityManager, organizationId: string, id: string, set: ExclusionSet) {
  return typedKysely(em)
    .updateTable('account_exclusions')
    .set(set)
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes one account exclusion of the organization; false when there was none. */
export async function deleteAccountExclusionRow(
  em: EntityManager,
  organizationId: string,
  id: string,
): Promise<boolean> {
  const row = await typedKysely(em)
    .deleteFrom('account_exclusions')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export const ACCOUNT_EXCLUSION_SORT_COLUMNS = {
  created_at: 'created_at',
  updated_at: 'updated_at',
  domain: 'domain',
  reason: 'reason',
} as const;

function matchingAccountExclusions(
  em: EntityManager,
  organizationId: string,
  where: ExclusionListWhere & { domain?: string },
) {
  return typedKysely(em)
    .selectFrom('account_exclusions')
    .where('organization_id', '=', organizationId)
    .$if(where.reason !== undefined, (q) => q.where('reason', '=', where.reason!))
    .$if(where.createdAfter !== undefined, (q) => q.where('created_at', '>', where.createdAfter!))
    .$if(where.createdBefore !== undefined, (q) => q.where('created_at', '<', where.createdBefore!))
    .$if(where.domain !== undefined, (q) => q.where('domain', '=', where.domain!));
}

/** One page of the matching account exclusions, each row carrying the total (window count). */
export function accountExclusionPage(
  em: EntityManager,
  organizationId: string,
  where: ExclusionListWhere & { domain?: string },
  page: ExclusionListPage<(typeof ACCOUNT_EXCLUSION_SORT_COLUMNS)[keyof typeof ACCOUNT_EXCLUSION_SORT_COLUMNS]>,
) {
  return matchingAccountExclusions(em, organizationId, where)
    .selectAll()
    .select((eb) => eb.fn.countAll().over().as('total'))
    .orderBy(page.sortColumn, page.sortOrder)
    .orderBy('id', page.sortOrder)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many account exclusions match (for a page past the last). */
export async function accountExclusionCount(
  em: EntityManager,
  organizationId: string,
  where: ExclusionListWhere & { domain?: string },
) {
  return (
    await matchingAccountExclusions(em, organizationId, where)
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow()
  ).total;
}
