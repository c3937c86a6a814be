// Shapes of the qualification endpoints: the ICP profile, the contact to score and the verdict.
import { ICP_FIELDS, ICP_LIMITS } from '../../domain/people/icp-score.ts';
import type { JsonSchema } from '../validation.ts';
import { alternatives } from './alternatives.ts';
import { uuid } from './common.schemas.ts';
import { domainField } from './identifiers.schemas.ts';
import { named } from './named.ts';

const ICP_DESCRIPTIONS: Record<(typeof ICP_FIELDS)[number], string> = {
  industries: "Industries, e.g. 'Software'.",
  company_sizes: "Employee bands, e.g. '51-200', '201-500', '1000+'.",
  countries: "ISO 3166-1 alpha-2 codes, e.g. 'US'.",
  job_titles: "Title phrases, e.g. 'VP Engineering', 'Head of Sales', 'engineering'.",
  seniorities: "'C_LEVEL', 'VP', 'HEAD', 'DIRECTOR', 'MANAGER', 'SENIOR' or 'ENTRY'.",
  keywords: 'Words looked for in job title, company name, industry and technologies.',
};

const list = (description: string): JsonSchema => ({
  type: 'array',
  maxItems: ICP_LIMITS.items,
  items: { type: 'string', minLength: 1, maxLength: ICP_LIMITS.length },
  description,
});

export const icpProfileSchema: JsonSchema = named('IcpProfile', {
  type: 'object',
  required: [...ICP_FIELDS],
  description: 'The ideal customer profile; every list is empty when unset.',
  properties: Object.fromEntries(ICP_FIELDS.map((f) => [f, list(ICP_DESCRIPTIONS[f])])),
});

export const icpContextSchema: JsonSchema = named('IcpContext', {
  type: 'object',
  additionalProperties: false,
  description:
    'An ICP used instead of the workspace profile for this call (it replaces it whole; lists left out are empty).',
  properties: Object.fromEntries(ICP_FIELDS.map((f) => [f, list(ICP_DESCRIPTIONS[f])])),
});

const text = (description: string): JsonSchema => ({ type: ['string', 'null'], maxLength: 255, description });

const contactDescriptionSchema: JsonSchema = named('ContactDescription', {
  type: 'object',
  additionalProperties: false,
  description: 'An inline description. Company facts not given are taken from the directory by company_domain.',
  properties: {
    first_name: text('First name.'),
    last_name: text('Last name.'),
    email: text('Email.'),
    linkedin_url: { type: ['string', 'null'], maxLength: 512 },
    job_title: text('Job title.'),
    company_name: text('Company name.'),
    company_domain: domainField({
      type: ['string', 'null'],
      description: 'Employer domain; fills industry, company size and country from the directory.',
    }),
    industry: text('Industry.'),
    company_size: text("Employee band ('201-500') or head count ('350')."),
    country: text('ISO 3166-1 alpha-2 country code.'),
    seniority: text('Seniority; read from the job title when absent.'),
  },
});

const contactId: JsonSchema = { ...uuid, description: 'A stored contact of this workspace (404 otherwise).' };

/** Both branches have both fields: a body with both passes both, and the exactly-one rule names them together. */
export const qualifyBodySchema: JsonSchema = alternatives('ContactQualify', {
  keyword: 'oneOf',
  description: 'Exactly one of contact_id or contact (else 400 naming both).',
  properties: { contact_id: contactId, contact: contactDescriptionSchema, icp_context: icpContextSchema },
  branches: { ByContactId: { contact_id: contactId }, ByContact: { contact: contactDescriptionSchema } },
});

export const qualifyResultSchema: JsonSchema = named('ContactQualifyResult', {
  type: 'object',
  required: ['score', 'verdict', 'reasons'],
  properties: {
    score: { type: 'integer', minimum: 0, maximum: 100 },
    verdict: { type: 'string', enum: ['QUALIFIED', 'NOT_QUALIFIED', 'NEEDS_REVIEW'] },
    reasons: {
      type: 'array',
      items: { type: 'string' },
      description: 'One per criterion the ICP sets, in weight order.',
    },
  },
});
