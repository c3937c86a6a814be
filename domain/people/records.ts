// The public shapes of contacts, accounts and their owner embed: one place maps entities to the
// snake_case records the API serves, webhooks embed and search renders.
import type { Account, Contact, User } from '../../db/entities/index.ts';
import type { Row } from '../../db/kysely.ts';
import { iso } from '../shared/time.ts';
import { prospectZone, type Location, type TimezoneSource } from './timezone-inference.ts';

export interface OwnerEmbed {
  id: string;
  email: string;
  name: string;
}

export interface AccountRecord {
  id: string;
  name: string;
  domain: string;
  owner_user_id: string | null;
  owner: OwnerEmbed | null;
  country: string | null;
  region: string | null;
  city: string | null;
  first_seen_at: string;
  last_seen_at: string;
  created_at: string;
  updated_at: string;
}

export interface ContactSummary {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  linkedin_url: string | null;
  job_title: string | null;
  company_name: string | null;
  company_domain: string | null;
}

export interface ContactRecord extends ContactSummary {
  account_id: string | null;
  phone: string | null;
  owner_user_id: string | null;
  owner: OwnerEmbed | null;
  email_status: string;
  country: string | null;
  region: string | null;
  city: string | null;
  /** The contact's own zone (SET), else one inferred from its location, then its account's (INFERRED), else null. */
  timezone: string | null;
  timezone_source: TimezoneSource | null;
  first_seen_at: string;
  last_seen_at: string;
  created_at: string;
  updated_at: string;
}

/** A location as stored (absent columns of an entity read as null). */
function locationOf(from: { country?: string | null; region?: string | null; city?: string | null }): Location {
  return { country: from.country ?? null, region: from.region ?? null, city: from.city ?? null };
}

function owner(user: User | null | undefined): OwnerEmbed | null {
  return user ? { id: user.id, email: user.email, name: user.name } : null;
}

/** Needs `owner` populated. */
export function toAccountRecord(account: Account): AccountRecord {
  const ownerUser = account.owner?.isInitialized() ? account.owner.getEntity() : null;
  return {
    id: account.id,
    name: account.name,
    domain: account.domain,
    owner_user_id: account.owner?.id ?? null,
    owner: owner(ownerUser),
    ...locationOf(account),
    first_seen_at: account.firstSeenAt.toISOString(),
    last_seen_at: account.lastSeenAt.toISOString(),
    created_at: account.createdAt.toISOString(),
    updated_at: account.updatedAt.toISOString(),
  };
}

/** Needs `account` populated. */
export function toContactSummary(contact: Contact): ContactSummary {
  const account = contact.account?.isInitialized() ? contact.account.getEntity() : null;
  return {
    id: contact.id,
    first_name: contact.firstName ?? null,
    last_name: contact.lastName ?? null,
    email: contact.email ?? null,
    linkedin_url: contact.linkedinUrl ?? null,
    job_title: contact.jobTitle ?? null,
    company_name: contact.companyName ?? account?.name ?? null,
    company_domain: account?.domain ?? null,
  };
}

/** Needs `account` and `owner` populated. */
export function toContactRecord(contact: Contact): ContactRecord {
  const ownerUser = contact.owner?.isInitialized() ? contact.owner.getEntity() : null;
  const account = contact.account?.isInitialized() ? contact.account.getEntity() : null;
  const location = locationOf(contact);
  return {
    ...toContactSummary(contact),
    account_id: contact.account?.id ?? null,
    phone: contact.phone ?? null,
    owner_user_id: contact.owner?.id ?? null,
    owner: owner(ownerUser),
    email_status: contact.emailStatus,
    ...location,
    ...prospectZone(contact.timezone ?? null, location, account ? locationOf(account) : null),
    first_seen_at: contact.firstSeenAt.toISOString(),
    last_seen_at: contact.lastSeenAt.toISOString(),
    created_at: contact.createdAt.toISOString(),
    updated_at: contact.updatedAt.toISOString(),
  };
}

/** A contacts row joined with its account's name, domain and location and its owner's email and name. */
export type ContactRow = Row<'contacts'> & {
  account_name: string | null;
  account_domain: string | null;
  account_country: string | null;
  account_region: string | null;
  account_city: string | null;
  owner_email: string | null;
  owner_name: string | null;
};

/** What a contact summary is made of, as a row read with its account's name and domain holds it. */
export type ContactSummaryRow = Pick<
  ContactRow,
  | 'id'
  | 'first_name'
  | 'last_name'
  | 'email'
  | 'linkedin_url'
  | 'job_title'
  | 'company_name'
  | 'account_name'
  | 'account_domain'
>;

/** The summary of a contact row: its company is its own company_name, else its account's name. */
export function contactSummaryFromRow(row: ContactSummaryRow): ContactSummary {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    linkedin_url: row.linkedin_url,
    job_title: row.job_title,
    company_name: row.company_name ?? row.account_name,
    company_domain: row.account_domain,
  };
}

/** The account's location of a row read with its account (null: no account). */
export function accountLocationOfRow(
  row: Pick<ContactRow, 'account_id' | 'account_country' | 'account_region' | 'account_city'>,
): Location | null {
  return row.account_id === null
    ? null
    : { country: row.account_country, region: row.account_region, city: row.account_city };
}

export function contactRecordFromRow(row: ContactRow): ContactRecord {
  const location = locationOf(row);
  return {
    ...contactSummaryFromRow(row),
    account_id: row.account_id,
    phone: row.phone,
    owner_user_id: row.owner_id,
    owner:
      row.owner_id && row.owner_email !== null
        ? { id: row.owner_id, email: row.owner_email, name: row.owner_name ?? '' }
        : null,
    email_status: row.email_status,
    ...location,
    ...prospectZone(row.timezone, location, accountLocationOfRow(row)),
    first_seen_at: iso(row.first_seen_at),
    last_seen_at: iso(row.last_seen_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}
