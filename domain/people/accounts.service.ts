// Account use cases: upsert on the normalised primary domain (aliases from the directory resolve
// to it), reads, listing and owner reassignment.
import { ref, type EntityManager, type FilterQuery } from '@mikro-orm/postgresql';
import { Account, User } from '../../db/entities/index.ts';
import type { Directory } from '../../providers/directory/index.ts';
import { normalizeDomain } from './identifiers.ts';
import { upsertAccountRows } from './people.queries.ts';
import { toAccountRecord, type AccountRecord } from './records.ts';
import { DomainError } from '../shared/errors.ts';
import { cleanText } from './contact-identity.ts';

/** The primary domain for a typed domain: normalised, and an alias resolved through the directory. */
export async function primaryDomain(
  directory: Directory,
  raw: string,
  field: string,
): Promise<{ domain: string; companyName: string | null }> {
  const domain = normalizeDomain(raw);
  if (!domain) throw DomainError.invalid(field, 'is not a valid domain');
  const company = await directory.findCompanyByDomain(domain);
  return company ? { domain: company.domain, companyName: company.name } : { domain, companyName: null };
}

/**
 * The organization's account for a primary domain, created when missing. INSERT ... ON CONFLICT
 * makes concurrent first uses of a domain converge on one row.
 */
export async function ensureAccount(
  em: EntityManager,
  organizationId: string,
  domain: string,
  name: string,
): Promise<Account> {
  await upsertAccountRows(em, organizationId, [[domain, name]]);
  return em.findOneOrFail(Account, { organization: organizationId, domain }, { populate: ['owner'], refresh: true });
}

/**
 * The organization's accounts for several primary domains (name: used when created), created when
 * missing, in one statement; their ids by domain. Domain order, so concurrent batches lock alike.
 */
export async function ensureAccounts(
  em: EntityManager,
  organizationId: string,
  names: Map<string, string>,
): Promise<Map<string, string>> {
  if (!names.size) return new Map();
  const rows = await upsertAccountRows(
    em,
    organizationId,
    [...names.keys()].sort().map((d) => [d, names.get(d)!]),
  );
  return new Map(rows.map((r) => [r.domain, r.id]));
}

export interface AccountInput {
  domain: string;
  name?: string;
  /** ISO 3166-1 alpha-2 (the schema holds it to the known codes). */
  country?: string | null;
  region?: string | null;
  city?: string | null;
}

/** Create or match on the domain; location fields sent overwrite (null clears), on create and match alike. */
export async function upsertAccount(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  input: AccountInput,
): Promise<AccountRecord> {
  const { domain, companyName } = await primaryDomain(directory, input.domain, 'domain');
  const name = input.name?.trim() || companyName || domain;
  return em.transactional(async (tx) => {
    const account = await ensureAccount(tx, organizationId, domain, name);
    if (input.country !== undefined) account.country = input.country;
    if (input.region !== undefined) account.region = cleanText(input.region) ?? null;
    if (input.city !== undefined) account.city = cleanText(input.city) ?? null;
    await tx.flush();
    return toAccountRecord(account);
  });
}

export async function getAccount(em: EntityManager, organizationId: string, id: string): Promise<AccountRecord> {
  const account = await em.findOne(Account, { id, organization: organizationId }, { populate: ['owner'] });
  if (!account) throw DomainError.notFound('Account');
  return toAccountRecord(account);
}

const sortColumns = {
  created_at: 'createdAt',
  updated_at: 'updatedAt',
  name: 'name',
  domain: 'domain',
  last_seen_at: 'lastSeenAt',
} as const;
export type AccountSort = keyof typeof sortColumns;
export const ACCOUNT_SORT_FIELDS = Object.keys(sortColumns) as AccountSort[];

export async function listAccounts(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  query: {
    domain?: string;
    name?: string;
    limit: number;
    offset: number;
    sortBy?: AccountSort;
    sortOrder: 'asc' | 'desc';
  },
): Promise<{ items: AccountRecord[]; total: number }> {
  const where: FilterQuery<Account> = { organization: organizationId };
  if (query.domain !== undefined) where.domain = (await primaryDomain(directory, query.domain, 'domain')).domain;
  if (query.name !== undefined) where.name = { $ilike: `%${escapeLike(query.name)}%` };
  const column = sortColumns[query.sortBy ?? 'created_at'];
  const [accounts, total] = await em.findAndCount(Account, where, {
    populate: ['owner'],
    orderBy: { [column]: query.sortOrder, id: query.sortOrder },
    limit: query.limit,
    offset: query.offset,
  });
  return { items: accounts.map(toAccountRecord), total };
}

/** An active user of the organization, or a 422 naming the field. */
export async function organizationUser(
  em: EntityManager,
  organizationId: string,
  userId: string,
  field: string,
): Promise<User> {
  const user = await em.findOne(User, { id: userId, organization: organizationId, removedAt: null });
  if (!user) throw DomainError.invalid(field, 'is not an active user of this organization', 422);
  return user;
}

export async function setAccountOwner(
  em: EntityManager,
  organizationId: string,
  id: string,
  ownerUserId: string | null,
): Promise<AccountRecord> {
  return em.transactional(async (tx) => {
    const account = await tx.findOne(Account, { id, organization: organizationId }, { populate: ['owner'] });
    if (!account) throw DomainError.notFound('Account');
    account.owner = ownerUserId ? ref(await organizationUser(tx, organizationId, ownerUserId, 'owner_user_id')) : null;
    await tx.flush();
    await tx.populate(account, ['owner']);
    return toAccountRecord(account);
  });
}

/** Escapes LIKE wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
