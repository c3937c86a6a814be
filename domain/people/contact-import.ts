// Importing a batch of people (signal checks, lead imports) in a fixed number of statements.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DirectoryCompany } from '../../providers/directory/index.ts';
import { ensureAccounts } from './accounts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { cleanText, contactIdentifiers, erased, twoContacts } from './contact-identity.ts';
import { suppressionHash } from './suppression-hash.ts';
import { distinctPresent, normalizeDomain } from './identifiers.ts';
import {
  contactsMatchingIdentifiers,
  insertImportedContacts,
  suppressionsAmong,
  updateImportedContacts,
} from './contact-import.queries.ts';

/** A person to import (importContacts): identifiers normalised, the company resolved to its primary domain; null means "not known". */
export interface ContactImport {
  email: string | null;
  linkedinUrl: string | null;
  first_name: string | null;
  last_name: string | null;
  job_title: string | null;
  company_name: string | null;
  company: { domain: string; companyName: string | null } | null;
}

export type ContactImportOutcome =
  { contactId: string; accountId: string | null; created: boolean } | { error: DomainError };

/**
 * The ContactImport of raw identifiers and a raw company domain, given the directory's answers
 * for the domains (findCompaniesByDomains: the company's primary domain and name); a DomainError
 * when an identifier or the domain is unusable.
 */
export function contactImportOf(
  input: Omit<ContactImport, 'email' | 'linkedinUrl' | 'company'> & {
    email: string | null;
    linkedin_url: string | null;
    company_domain: string | null;
  },
  companies: Map<string, DirectoryCompany | null>,
): ContactImport {
  const { email, linkedinUrl } = contactIdentifiers({ email: input.email, linkedin_url: input.linkedin_url });
  if (!email && !linkedinUrl) throw DomainError.invalid('email', 'is required when linkedin_url is absent');
  let company: ContactImport['company'] = null;
  if (input.company_domain) {
    const domain = normalizeDomain(input.company_domain);
    if (!domain) throw DomainError.invalid('company_domain', 'is not a valid domain');
    const known = companies.get(domain);
    company = known ? { domain: known.domain, companyName: known.name } : { domain, companyName: null };
  }
  return {
    email: email ?? null,
    linkedinUrl: linkedinUrl ?? null,
    first_name: input.first_name,
    last_name: input.last_name,
    job_title: input.job_title,
    company_name: input.company_name,
    company,
  };
}

interface ImportTarget {
  id: string;
  email: string | null;
  linkedin_url: string | null;
  company_name: string | null;
  account_id: string | null;
  /** Already a workspace contact (updated), or new in this batch (inserted). */
  existing: boolean;
  /** Set for the first person of the batch that lands on this contact; later ones change nothing. */
  person?: ContactImport;
}

/**
 * Imports a batch of people into the workspace inside the caller's transaction, in a fixed
 * number of statements whatever the batch size: one match read, one suppression read, one
 * account upsert, one insert of the new contacts and one update of the matched ones. A person
 * matches a contact on email, then LinkedIn URL, as upsertContact does, but an import only adds:
 * known fields overwrite, unknown (null) ones never clear a value, and a matched contact's
 * identifiers are only filled where empty. A person whose email and URL belong to two contacts
 * (409) or who was erased (422) gets that error as its outcome, and the rest of the batch goes
 * on. Two people of the batch that land on one contact: the first one's fields are written, both
 * answer the contact. A concurrent insert of the same person surfaces as a unique violation: the
 * caller retries its transaction.
 */
export async function importContacts(
  tx: EntityManager,
  organizationId: string,
  people: ContactImport[],
): Promise<ContactImportOutcome[]> {
  if (!people.length) return [];
  const now = new Date();
  const emails = distinctPresent(people.map((p) => p.email));
  const linkedinUrls = distinctPresent(people.map((p) => p.linkedinUrl));
  const matches = await contactsMatchingIdentifiers(tx, organizationId, emails, linkedinUrls);
  const byEmail = new Map<string, ImportTarget>();
  const byLinkedin = new Map<string, ImportTarget>();
  const register = (t: ImportTarget) => {
    if (t.email) byEmail.set(t.email, t);
    if (t.linkedin_url) byLinkedin.set(t.linkedin_url, t);
  };
  for (const m of matches) register({ ...m, existing: true });

  // Erasure hashes of the identifiers no contact holds (only a new contact can be an erased person).
  const unmatched = [
    ...emails.filter((e) => !byEmail.has(e)).map((e) => ['EMAIL', e]),
    ...linkedinUrls.filter((u) => !byLinkedin.has(u)).map((u) => ['LINKEDIN_URL', u]),
  ];
  const suppressions = unmatched.length
    ? await suppressionsAmong(
        tx,
        organizationId,
        unmatched.map(([, v]) => suppressionHash(organizationId, v)),
      )
    : [];
  const suppressed = new Set(suppressions.map((r) => `${r.kind}:${r.value_hash}`));
  const isErased = (p: ContactImport) =>
    (p.email !== null && suppressed.has(`EMAIL:${suppressionHash(organizationId, p.email)}`)) ||
    (p.linkedinUrl !== null && suppressed.has(`LINKEDIN_URL:${suppressionHash(organizationId, p.linkedinUrl)}`));

  const targets: (ImportTarget | DomainError)[] = people.map((p) => {
    const emailTarget = p.email ? byEmail.get(p.email) : undefined;
    const linkedinTarget = p.linkedinUrl ? byLinkedin.get(p.linkedinUrl) : undefined;
    if (emailTarget && linkedinTarget && emailTarget !== linkedinTarget)
      return twoContacts(emailTarget.id, linkedinTarget.id);
    let target = emailTarget ?? linkedinTarget;
    if (!target) {
      if (isErased(p)) return erased();
      target = {
        id: randomUUID(),
        email: null,
        linkedin_url: null,
        company_name: null,
        account_id: null,
        existing: false,
      };
    }
    if (!target.person) {
      target.person = p;
      // Identifiers only fill gaps: later people of the batch find the contact by them too.
      target.email ??= p.email;
      target.linkedin_url ??= p.linkedinUrl;
      register(target);
    }
    return target;
  });

  // The accounts of the people's companies.
  const companies = new Map<string, string>();
  for (const t of targets) {
    if (t instanceof DomainError || t.person?.company == null) continue;
    const { domain, companyName } = t.person.company;
    if (!companies.has(domain))
      companies.set(domain, cleanText(t.person.company_name) ?? t.company_name ?? companyName ?? domain);
  }
  const accountOf = await ensureAccounts(tx, organizationId, companies);

  const written = [...new Set(targets.filter((t): t is ImportTarget => !(t instanceof DomainError)))];
  for (const t of written) {
    const company = t.person!.company;
    if (company) t.account_id = accountOf.get(company.domain)!;
  }
  const text = (p: ContactImport) => ({
    first_name: cleanText(p.first_name) ?? null,
    last_name: cleanText(p.last_name) ?? null,
    job_title: cleanText(p.job_title) ?? null,
    company_name: cleanText(p.company_name) ?? null,
  });
  const inserted = written.filter((t) => !t.existing);
  if (inserted.length) {
    await insertImportedContacts(
      tx,
      organizationId,
      inserted.map((t) => ({
        id: t.id,
        account_id: t.account_id,
        email: t.email,
        linkedin_url: t.linkedin_url,
        ...text(t.person!),
      })),
      now,
    );
  }
  const updated = written.filter((t) => t.existing).sort((a, b) => a.id.localeCompare(b.id));
  if (updated.length) {
    await updateImportedContacts(
      tx,
      updated.map((t) => ({
        id: t.id,
        email: t.email,
        linkedin_url: t.linkedin_url,
        ...text(t.person!),
        account_id: t.account_id,
      })),
      now,
    );
  }
  return targets.map((t, i) => {
    if (t instanceof DomainError) return { error: t };
    return { contactId: t.id, accountId: t.account_id, created: !t.existing && t.person === people[i] };
  });
}
