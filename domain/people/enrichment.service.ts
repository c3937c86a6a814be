// Enrichment use cases: enrich a described person, or a workspace contact's gaps, through the
// enrichment provider, paying one organization credit per answer that carries data.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { EnrichedPerson, EnrichmentInput, EnrichmentProvider } from '../../providers/enrichment/index.ts';
import { Contact } from '../../db/entities/index.ts';
import { contactIdentifiers, loadContact } from './contacts.service.ts';
import { DomainError } from '../shared/errors.ts';
import { normalizeDomain } from './identifiers.ts';
import { selectCredits, spendCredit } from './people.queries.ts';
import { toContactSummary, type ContactSummary } from './records.ts';

export interface EnrichRequest {
  email?: string | null;
  linkedin_url?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  company_domain?: string | null;
}

export interface EnrichResponse {
  completed: boolean;
  pending_provider: string | null;
  match_found: boolean;
  data: EnrichedPerson | null;
  credits_spent: 0 | 1;
  credits_remaining: number;
}

export interface LocateRequest {
  contact_id?: string;
  email?: string | null;
  linkedin_url?: string | null;
}

/** A person as get-and-enrich answers it: stored values, gaps filled by the provider. */
export type MergedPerson = Omit<EnrichedPerson, 'provider'>;

export interface GetAndEnrichResponse {
  completed: boolean;
  pending_provider: string | null;
  contact_id: string | null;
  source: 'workspace' | 'provider' | 'workspace+provider';
  data: MergedPerson | null;
  credits_spent: 0 | 1;
  credits_remaining: number;
}

/** The organization's enrichment credit balance. */
export async function creditBalance(em: EntityManager, organizationId: string): Promise<number> {
  const row = (await selectCredits(em, organizationId)).rows[0];
  if (!row) throw DomainError.notFound('Organization');
  return row.enrichment_credits;
}

function noCredits(): DomainError {
  return DomainError.business(
    'No enrichment credits left: this call needs the enrichment provider. Ask an administrator to add credits.',
    { field: 'enrichment_credits', balance: 0 },
  );
}

type Paid = { pending: string | null; data: EnrichedPerson | null; spent: 0 | 1; remaining: number };

/**
 * The balance is checked BEFORE the provider is called, so a paid provider is never asked for what
 * cannot be paid (zero credits: 422 naming enrichment_credits), and a credit is spent AFTER an
 * answer with data, by one conditional UPDATE. A concurrent call may take the last credit in
 * between; the loser then gets the same 422 and not the data. No match and pending cost nothing.
 */
async function paidEnrich(
  em: EntityManager,
  provider: EnrichmentProvider,
  organizationId: string,
  input: EnrichmentInput,
): Promise<Paid> {
  const balance = await creditBalance(em, organizationId);
  if (balance <= 0) throw noCredits();
  const result = await provider.enrich(input);
  if (result.status === 'pending') return { pending: result.provider, data: null, spent: 0, remaining: balance };
  if (!result.data) return { pending: null, data: null, spent: 0, remaining: balance };
  const remaining = await spendCredit(em, organizationId);
  if (remaining === null) throw noCredits();
  return { pending: null, data: result.data, spent: 1, remaining };
}

const present = (value: string | null | undefined): value is string => typeof value === 'string' && value.trim() !== '';

/** Normalised provider input; malformed identifiers are 400s naming their field. */
function providerInput(request: EnrichRequest): EnrichmentInput {
  const { email, linkedinUrl } = contactIdentifiers({
    email: request.email ?? undefined,
    linkedin_url: request.linkedin_url ?? undefined,
  });
  const input: EnrichmentInput = {};
  if (email) input.email = email;
  if (linkedinUrl) input.linkedin_url = linkedinUrl;
  if (present(request.first_name)) input.first_name = request.first_name.trim();
  if (present(request.last_name)) input.last_name = request.last_name.trim();
  if (present(request.company_domain)) {
    const domain = normalizeDomain(request.company_domain);
    if (!domain) throw DomainError.invalid('company_domain', 'is not a valid domain');
    input.company_domain = domain;
  }
  return input;
}

/** POST /v1/contacts/enrich: neither reads nor writes the workspace. */
export async function enrichPerson(
  em: EntityManager,
  provider: EnrichmentProvider,
  organizationId: string,
  request: EnrichRequest,
): Promise<EnrichResponse> {
  const input = providerInput(request);
  if (!input.email && !input.linkedin_url && !(input.first_name && input.last_name && input.company_domain)) {
    const missing = (['first_name', 'last_name', 'company_domain'] as const).filter((f) => !input[f]);
    throw DomainError.invalidFields(
      'Describe the person by email, by linkedin_url, or by first_name, last_name and company_domain.',
      [
        {
          path: 'email',
          message: 'is required unless linkedin_url, or first_name + last_name + company_domain, are given',
        },
        {
          path: 'linkedin_url',
          message: 'is required unless email, or first_name + last_name + company_domain, are given',
        },
        ...missing.map((path) => ({
          path,
          message: 'is required to match by name when email and linkedin_url are absent',
        })),
      ],
    );
  }
  const paid = await paidEnrich(em, provider, organizationId, input);
  return {
    completed: paid.pending === null,
    pending_provider: paid.pending,
    match_found: paid.data !== null,
    data: paid.data,
    credits_spent: paid.spent,
    credits_remaining: paid.remaining,
  };
}

type StoredPerson = Omit<ContactSummary, 'id'> & { phone: string | null };

function merge(stored: StoredPerson | null, found: EnrichedPerson | null): MergedPerson | null {
  if (!stored && !found) return null;
  const fill = (key: keyof StoredPerson) => stored?.[key] ?? found?.[key] ?? null;
  return {
    first_name: fill('first_name'),
    last_name: fill('last_name'),
    email: fill('email'),
    linkedin_url: fill('linkedin_url'),
    job_title: fill('job_title'),
    seniority: found?.seniority ?? null,
    phone: fill('phone'),
    company_name: fill('company_name'),
    company_domain: fill('company_domain'),
    // Facts about another company than the stored one would not describe this contact.
    company:
      found?.company && (!stored?.company_domain || stored.company_domain === found.company_domain)
        ? found.company
        : null,
  };
}

/** What the provider is told about a stored contact: every identifier the workspace holds. */
function describe(stored: StoredPerson): EnrichmentInput {
  const input: EnrichmentInput = {};
  if (stored.email) input.email = stored.email;
  if (stored.linkedin_url) input.linkedin_url = stored.linkedin_url;
  if (stored.first_name) input.first_name = stored.first_name;
  if (stored.last_name) input.last_name = stored.last_name;
  if (stored.company_domain) input.company_domain = stored.company_domain;
  return input;
}

/**
 * POST /v1/contacts/get-and-enrich: stored values win; the provider fills gaps only, and only
 * when the match lacks an email, a job title or a company domain, or when nothing matches but an
 * email or LinkedIn URL was given. Nothing is written back to the contact.
 */
export async function getAndEnrich(
  em: EntityManager,
  provider: EnrichmentProvider,
  organizationId: string,
  request: LocateRequest,
): Promise<GetAndEnrichResponse> {
  const { email, linkedinUrl } = contactIdentifiers({
    email: request.email ?? undefined,
    linkedin_url: request.linkedin_url ?? undefined,
  });
  if (!request.contact_id && !email && !linkedinUrl) {
    throw DomainError.invalidFields('Locate the contact by contact_id, email or linkedin_url.', [
      { path: 'contact_id', message: 'is required unless email or linkedin_url is given' },
      { path: 'email', message: 'is required unless contact_id or linkedin_url is given' },
      { path: 'linkedin_url', message: 'is required unless contact_id or email is given' },
    ]);
  }
  let contact: Contact | null = null;
  if (request.contact_id) contact = await loadContact(em, organizationId, request.contact_id);
  if (!contact && email)
    contact = await em.findOne(Contact, { organization: organizationId, email }, { populate: ['account', 'owner'] });
  if (!contact && linkedinUrl)
    contact = await em.findOne(
      Contact,
      { organization: organizationId, linkedinUrl },
      { populate: ['account', 'owner'] },
    );
  const stored = contact ? { ...toContactSummary(contact), phone: contact.phone ?? null } : null;

  if (stored && stored.email && stored.job_title && stored.company_domain) {
    return {
      completed: true,
      pending_provider: null,
      contact_id: stored.id,
      source: 'workspace',
      data: merge(stored, null),
      credits_spent: 0,
      credits_remaining: await creditBalance(em, organizationId),
    };
  }
  const input: EnrichmentInput = stored
    ? describe(stored)
    : { ...(email ? { email } : {}), ...(linkedinUrl ? { linkedin_url: linkedinUrl } : {}) };
  const paid = await paidEnrich(em, provider, organizationId, input);
  return {
    completed: paid.pending === null,
    pending_provider: paid.pending,
    contact_id: stored?.id ?? null,
    source: stored ? (paid.data ? 'workspace+provider' : 'workspace') : 'provider',
    data: merge(stored, paid.data),
    credits_spent: paid.spent,
    credits_remaining: paid.remaining,
  };
}
