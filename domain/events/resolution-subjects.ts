// What subject resolution works with: a claimed event's identifiers, the person or account each
// one matched, and the small helpers the batch uses to key, order and share its lookups.
import type { DirectoryPerson } from '../../providers/directory/index.ts';
import { normalizeDomain, normalizeEmail, normalizeLinkedinUrl } from '../people/identifiers.ts';

/** A PENDING event the batch claimed. */
export interface ClaimedEvent {
  id: string;
  organization_id: string;
  event_name: string;
  external_event_id: string | null;
  subject: Record<string, unknown>;
}

/** A claimed event with its subject's identifiers normalised. */
export interface Item {
  event: ClaimedEvent;
  org: string;
  email: string | null;
  linkedinUrl: string | null;
  domain: string | null;
  externalContactId: string | null;
  externalCompanyId: string | null;
}

/** A person to create in the workspace (unless one of their identifiers is already there). */
export interface NewPerson {
  email: string | null;
  linkedinUrl: string | null;
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  phone: string | null;
  companyName: string | null;
  /** Primary domain of the employer: its account is created with the contact. */
  companyDomain: string | null;
  /** Resolved through this CRM record: the new contact is linked to it. */
  crmExternalId: string | null;
}

export type ContactMatch =
  | { kind: 'workspace'; id: string; accountId: string | null; crmExternalId: string | null }
  | { kind: 'new'; person: NewPerson };
/** An account to create when missing (a known company), or one that must already be in the workspace. */
export type AccountMatch =
  | { kind: 'workspace'; id: string }
  | { kind: 'domain'; domain: string; name: string | null; create: boolean; crmExternalId: string | null };

/** A workspace row found by (organization, value): a contact (with its account) or a CRM-linked record. */
export interface ContactHit {
  id: string;
  organization_id: string;
  v: string;
  account_id: string | null;
}

export const key = (org: string, value: string) => `${org}|${value}`;
export const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
export const str = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

export function itemOf(event: ClaimedEvent): Item {
  const s = event.subject ?? {};
  const email = str(s.email);
  const linkedin = str(s.linkedin_url);
  const domain = str(s.company_domain);
  return {
    event,
    org: event.organization_id,
    email: email ? normalizeEmail(email) : null,
    linkedinUrl: linkedin ? normalizeLinkedinUrl(linkedin) : null,
    domain: domain ? normalizeDomain(domain) : null,
    externalContactId: str(s.external_contact_id),
    externalCompanyId: str(s.external_company_id),
  };
}

/** Runs `fn` over `items`, `concurrency` at a time. */
export async function pool<T>(items: T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, items.length) }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(lanes);
}

/** One in-flight answer per distinct question: the same email twice in a batch is asked once. */
export function memo<T>(fn: (arg: string) => Promise<T>): (arg: string) => Promise<T> {
  const cache = new Map<string, Promise<T>>();
  return (arg) => {
    let hit = cache.get(arg);
    if (!hit) cache.set(arg, (hit = fn(arg)));
    return hit;
  };
}

export function personFromDirectory(person: DirectoryPerson, crmExternalId: string | null = null): NewPerson {
  return {
    email: person.email,
    linkedinUrl: person.linkedinUrl,
    firstName: person.firstName,
    lastName: person.lastName,
    jobTitle: person.jobTitle,
    phone: person.phone,
    companyName: person.company?.name ?? null,
    companyDomain: person.company?.domain ?? null,
    crmExternalId,
  };
}
