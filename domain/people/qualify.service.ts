// Qualification use cases: the workspace ICP profile, and scoring a stored or described contact
// against it (domain/people/icp-score.ts holds the rule). Reads only; spends no credits.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Directory, DirectoryCompany } from '../../providers/directory/index.ts';
import { loadContact } from './contacts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { normalizeDomain } from './identifiers.ts';
import { storedIcpProfile } from './people.queries.ts';
import { icpFromStored, qualify, type IcpProfile, type QualifyFacts, type QualifyResult } from './icp-score.ts';
import { toContactSummary } from './records.ts';

export interface InlineContact {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  linkedin_url?: string | null;
  job_title?: string | null;
  company_name?: string | null;
  company_domain?: string | null;
  industry?: string | null;
  company_size?: string | null;
  country?: string | null;
  seniority?: string | null;
}

export interface QualifyInput {
  contact_id?: string;
  contact?: InlineContact;
  /** Replaces the workspace profile for this call (no merging). */
  icp_context?: Partial<IcpProfile>;
}

export async function getIcpProfile(em: EntityManager, organizationId: string): Promise<IcpProfile> {
  return icpFromStored(await storedIcpProfile(em, organizationId));
}

const text = (value: string | null | undefined) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function withCompany(facts: QualifyFacts, company: DirectoryCompany | null): QualifyFacts {
  if (!company) return facts;
  return {
    ...facts,
    industry: facts.industry ?? company.industry,
    company_size: facts.company_size ?? company.sizeBand,
    // A size the caller gave wins whole: the directory's head count could contradict it.
    employee_count: facts.company_size ? facts.employee_count : company.employeeCount,
    country: facts.country ?? company.countryCode,
    company_name: facts.company_name ?? company.name,
    technologies: company.technologies,
  };
}

async function storedFacts(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  contactId: string,
): Promise<QualifyFacts> {
  const contact = toContactSummary(await loadContact(em, organizationId, contactId));
  const facts: QualifyFacts = {
    job_title: contact.job_title,
    seniority: null,
    industry: null,
    company_size: null,
    employee_count: null,
    country: null,
    company_name: contact.company_name,
    technologies: [],
  };
  return withCompany(
    facts,
    contact.company_domain ? await directory.findCompanyByDomain(contact.company_domain) : null,
  );
}

async function inlineFacts(directory: Directory, contact: InlineContact): Promise<QualifyFacts> {
  const facts: QualifyFacts = {
    job_title: text(contact.job_title),
    seniority: text(contact.seniority),
    industry: text(contact.industry),
    company_size: text(contact.company_size),
    employee_count: null,
    country: text(contact.country),
    company_name: text(contact.company_name),
    technologies: [],
  };
  const raw = text(contact.company_domain);
  if (!raw) return facts;
  const domain = normalizeDomain(raw);
  if (!domain) throw DomainError.invalid('contact.company_domain', 'is not a valid domain');
  return withCompany(facts, await directory.findCompanyByDomain(domain));
}

export async function qualifyContact(
  em: EntityManager,
  directory: Directory,
  organizationId: string,
  input: QualifyInput,
): Promise<QualifyResult> {
  if ((input.contact_id === undefined) === (input.contact === undefined)) {
    throw DomainError.invalidFields(
      'Send exactly one of contact_id (a stored contact) or contact (an inline description).',
      [
        {
          path: 'contact_id',
          message:
            input.contact_id === undefined ? 'is required when contact is absent' : 'cannot be sent with contact',
        },
        {
          path: 'contact',
          message:
            input.contact === undefined ? 'is required when contact_id is absent' : 'cannot be sent with contact_id',
        },
      ],
    );
  }
  const facts =
    input.contact_id !== undefined
      ? await storedFacts(em, directory, organizationId, input.contact_id)
      : await inlineFacts(directory, input.contact!);
  const icp = input.icp_context ? icpFromStored(input.icp_context) : await getIcpProfile(em, organizationId);
  return qualify(facts, icp);
}
