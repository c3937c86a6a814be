// Shapes of the enrichment endpoints (docs/api/people.md, 'Enrichment and qualification'): the
// person described or located, and the answer with its credit accounting.
import type { JsonSchema } from '../validation.ts';
import { alternatives } from './alternatives.ts';
import { nullable, uuid } from './common.schemas.ts';
import { domainField, emailField, linkedinUrlField, NOT_BLANK_PATTERN } from './identifiers.schemas.ts';
import { named } from './named.ts';

const TEXT_MAX = 255;
const nullableText = (description: string, maxLength = TEXT_MAX): JsonSchema => ({
  type: ['string', 'null'],
  maxLength,
  description,
});
const EMAIL = 'Matched case-insensitively; null: not known.';
const LINKEDIN = 'Any usual form of https://www.linkedin.com/in/<slug>.';
const email: JsonSchema = emailField({ type: ['string', 'null'], description: EMAIL, example: 'ada@acme.test' });
const linkedinUrl: JsonSchema = linkedinUrlField({ type: ['string', 'null'], description: LINKEDIN });
/** The identifiers a branch requires: present, not null (null counts as absent). */
const byEmail = { ByEmail: { email: emailField({ type: 'string', description: EMAIL, example: 'ada@acme.test' }) } };
const byLinkedinUrl = { ByLinkedinUrl: { linkedin_url: linkedinUrlField({ type: 'string', description: LINKEDIN }) } };
/** Text that must not be blank where a branch requires it. */
const notBlank = (schema: JsonSchema): JsonSchema => ({ ...schema, type: 'string', pattern: NOT_BLANK_PATTERN });

const enrichProperties: Record<string, JsonSchema> = {
  email,
  linkedin_url: linkedinUrl,
  first_name: nullableText('First name (matched with last_name at company_domain).'),
  last_name: nullableText('Last name.'),
  company_domain: domainField({ type: ['string', 'null'], description: 'Domain of the employer.' }),
};

export const enrichBodySchema: JsonSchema = alternatives('ContactEnrich', {
  keyword: 'anyOf',
  description:
    'At least an email, a LinkedIn URL, or first_name + last_name + company_domain (else 400 naming the fields). Null counts as absent.',
  properties: enrichProperties,
  branches: {
    ...byEmail,
    ...byLinkedinUrl,
    ByName: {
      first_name: notBlank(enrichProperties.first_name),
      last_name: notBlank(enrichProperties.last_name),
      company_domain: domainField({ type: 'string', description: 'Domain of the employer.' }),
    },
  },
});

export const getAndEnrichBodySchema: JsonSchema = alternatives('ContactGetAndEnrich', {
  keyword: 'anyOf',
  description:
    'At least one of contact_id, email or linkedin_url. contact_id names a stored contact (404 when not in this workspace); otherwise the contact is matched on email, then LinkedIn URL.',
  properties: { contact_id: uuid, email, linkedin_url: linkedinUrl },
  branches: { ByContactId: { contact_id: uuid }, ...byEmail, ...byLinkedinUrl },
});

const nullableString: JsonSchema = { type: ['string', 'null'] };

export const enrichedCompanySchema: JsonSchema = named('EnrichedCompany', {
  type: 'object',
  required: ['industry', 'size_band', 'employee_count', 'country_code', 'company_type', 'technologies'],
  description: 'Facts about the employer.',
  properties: {
    industry: nullableString,
    size_band: { type: ['string', 'null'], example: '201-500' },
    employee_count: { type: ['integer', 'null'] },
    country_code: { type: ['string', 'null'], description: 'ISO 3166-1 alpha-2.' },
    company_type: { type: ['string', 'null'], example: 'PRIVATE' },
    technologies: { type: 'array', items: { type: 'string' } },
  },
});

const personProperties: Record<string, JsonSchema> = {
  first_name: nullableString,
  last_name: nullableString,
  email: nullableString,
  linkedin_url: nullableString,
  job_title: nullableString,
  seniority: {
    type: ['string', 'null'],
    description: "'C_LEVEL', 'VP', 'HEAD', 'DIRECTOR', 'MANAGER', 'SENIOR' or 'ENTRY'.",
  },
  phone: nullableString,
  company_name: nullableString,
  company_domain: nullableString,
  company: nullable(enrichedCompanySchema, 'Facts about the employer; null when unknown.'),
};
const personRequired = Object.keys(personProperties);

export const enrichedPersonSchema: JsonSchema = named('EnrichedPerson', {
  type: 'object',
  required: [...personRequired, 'provider'],
  description: 'The person the provider found.',
  properties: {
    ...personProperties,
    provider: { type: 'string', description: 'The provider that produced the data.', example: 'sandbox' },
  },
});

/** Stored values, gaps filled by the provider. */
const enrichedContactSchema: JsonSchema = named('EnrichedContact', {
  type: 'object',
  required: personRequired,
  description:
    'Stored values, gaps filled by the provider (never written back). seniority and company come only from the provider.',
  properties: personProperties,
});

const accounting: Record<string, JsonSchema> = {
  completed: {
    type: 'boolean',
    description:
      'False while the provider works asynchronously: repeat the same call to pick the answer up (no credit is spent meanwhile).',
  },
  pending_provider: {
    type: ['string', 'null'],
    description: 'The provider still working when completed is false, else null.',
    example: 'sandbox-async',
  },
  credits_spent: {
    type: 'integer',
    enum: [0, 1],
    description: 'One per answer with data; none for no match, a pending answer, or values taken from the workspace.',
  },
  credits_remaining: { type: 'integer', minimum: 0, description: "The organization's balance after this call." },
};

export const enrichResponseSchema: JsonSchema = named('ContactEnrichResult', {
  type: 'object',
  required: ['completed', 'pending_provider', 'match_found', 'data', 'credits_spent', 'credits_remaining'],
  properties: {
    ...accounting,
    match_found: { type: 'boolean', description: 'True when data describes a person.' },
    data: nullable(
      enrichedPersonSchema,
      'The person the provider found; null when it found no one or has not answered yet.',
    ),
  },
});

export const getAndEnrichResponseSchema: JsonSchema = named('ContactGetAndEnrichResult', {
  type: 'object',
  required: ['completed', 'pending_provider', 'contact_id', 'source', 'data', 'credits_spent', 'credits_remaining'],
  properties: {
    ...accounting,
    contact_id: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'The workspace contact located, null when none matched.',
    },
    source: {
      type: 'string',
      enum: ['workspace', 'provider', 'workspace+provider'],
      description:
        'workspace: stored values only (the provider was not needed, found nothing, or is pending); provider: no contact matched and the provider was asked; workspace+provider: stored values with gaps filled by the provider.',
    },
    data: nullable(
      enrichedContactSchema,
      'Stored values, gaps filled by the provider (never written back). seniority and company come only from the provider. Null when neither knows the person.',
    ),
  },
});
