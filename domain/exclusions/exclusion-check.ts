// Is this person excluded? The one question enrollment, sending, imports and signals ask before
// they act: contact exclusions by email or LinkedIn URL, account exclusions by domain, in force
// when their until is null or later.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ExclusionReason } from '../../db/entities/contact-exclusion.entity.ts';
import type { Directory, DirectoryCompany } from '../../providers/directory/index.ts';
import { DomainError } from '../shared/errors.ts';
import { iso } from '../shared/time.ts';
import {
  distinctPresent,
  emailDomain,
  normalizeDomain,
  normalizeEmail,
  normalizeLinkedinUrl,
} from '../people/identifiers.ts';
import { selectContactIdentifiers, selectExclusions } from './exclusions.queries.ts';

export type ExclusionMatch = 'email' | 'linkedin_url' | 'account_domain' | 'email_domain';

export type ExclusionVerdict =
  | { excluded: false }
  | {
      excluded: true;
      kind: 'CONTACT' | 'ACCOUNT';
      exclusion_id: string;
      reason: ExclusionReason;
      until: string | null;
      matched_on: ExclusionMatch;
    };

export interface ExclusionSubject {
  email?: string | null;
  linkedinUrl?: string | null;
  /** Domain of the contact's linked account (a primary domain). */
  accountDomain?: string | null;
}

/**
 * Whether outreach to this person is excluded at `at`: an exclusion is in force when its until is
 * null or later than `at`. Contact exclusions match the normalised email or canonical LinkedIn
 * URL; account exclusions match the linked account's domain and the domain of the email. With a
 * directory, an alias email domain resolves to its primary domain first (a directory read);
 * without one it is matched as written. Values are normalised here, so raw input is fine. When
 * several exclusions apply, the answer is the first of email, linkedin_url, account_domain,
 * email_domain. One SQL statement.
 */
export async function exclusionFor(
  em: EntityManager,
  organizationId: string,
  person: ExclusionSubject,
  at: Date = new Date(),
  directory?: Directory,
): Promise<ExclusionVerdict> {
  return (await exclusionsFor(em, organizationId, [person], at, directory))[0];
}

/** exclusionFor of several people in one statement (a signal check's page of candidates): one verdict per subject, in order. */
export async function exclusionsFor(
  em: EntityManager,
  organizationId: string,
  people: ExclusionSubject[],
  at: Date = new Date(),
  directory?: Directory,
): Promise<ExclusionVerdict[]> {
  const emailsOf = people.map((person) => (person.email ? normalizeEmail(person.email) : null));
  const mailDomains = distinctPresent(emailsOf.map((email) => (email ? emailDomain(email) : null)));
  const primary =
    directory && mailDomains.length
      ? await directory.findCompaniesByDomains(mailDomains)
      : new Map<string, DirectoryCompany | null>();
  const subjects = people.map((person, i) => {
    const email = emailsOf[i];
    const mailDomain = email ? emailDomain(email) : null;
    return {
      email,
      mailDomain: mailDomain && (primary.get(mailDomain)?.domain ?? mailDomain),
      linkedinUrl: person.linkedinUrl ? normalizeLinkedinUrl(person.linkedinUrl) : null,
      accountDomain: person.accountDomain ? normalizeDomain(person.accountDomain) : null,
    };
  });
  const emails = distinctPresent(subjects.map((s) => s.email));
  const linkedinUrls = distinctPresent(subjects.map((s) => s.linkedinUrl));
  const domains = distinctPresent(subjects.flatMap((s) => [s.accountDomain, s.mailDomain]));
  if (!emails.length && !linkedinUrls.length && !domains.length) return people.map(() => ({ excluded: false }));

  const { rows } = await selectExclusions(em, organizationId, emails, linkedinUrls, domains, at);
  const index = (field: 'email' | 'linkedin_url' | 'domain') =>
    new Map(rows.filter((r) => r[field] !== null).map((r) => [r[field]!, r]));
  const byEmail = index('email');
  const byLinkedin = index('linkedin_url');
  const byDomain = index('domain');
  return subjects.map((s) => {
    // The first that applies of email, linkedin_url, account_domain, email_domain.
    const matches: [ExclusionMatch, (typeof rows)[number] | undefined][] = [
      ['email', s.email ? byEmail.get(s.email) : undefined],
      ['linkedin_url', s.linkedinUrl ? byLinkedin.get(s.linkedinUrl) : undefined],
      ['account_domain', s.accountDomain ? byDomain.get(s.accountDomain) : undefined],
      ['email_domain', s.mailDomain ? byDomain.get(s.mailDomain) : undefined],
    ];
    const hit = matches.find(([, row]) => row);
    if (!hit) return { excluded: false };
    const [matchedOn, row] = hit;
    return {
      excluded: true,
      kind: row!.kind,
      exclusion_id: row!.id,
      reason: row!.reason,
      until: iso(row!.until),
      matched_on: matchedOn,
    };
  });
}

/** exclusionFor a workspace contact: its email, LinkedIn URL and linked account's domain. 404 when not in the organization. */
export async function contactExclusionFor(
  em: EntityManager,
  organizationId: string,
  contactId: string,
  at: Date = new Date(),
  directory?: Directory,
): Promise<ExclusionVerdict> {
  const contact = (await selectContactIdentifiers(em, organizationId, contactId)).rows[0];
  if (!contact) throw DomainError.notFound('Contact');
  return exclusionFor(
    em,
    organizationId,
    { email: contact.email, linkedinUrl: contact.linkedin_url, accountDomain: contact.account_domain },
    at,
    directory,
  );
}
