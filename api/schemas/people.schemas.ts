// Shapes of the contact, account and variables endpoints. Length limits are documented here and
// enforced by the same schemas.
import { VARIABLE_KEY_PATTERN, VARIABLE_LIMIT, VARIABLE_VALUE_MAX } from '../../domain/people/variables.service.ts';
import type { JsonSchema } from '../validation.ts';
import { nullable, timestamp, uuid } from './common.schemas.ts';
import { domainField, emailField, linkedinUrlField } from './identifiers.schemas.ts';
import { alternatives } from './alternatives.ts';
import { named } from './named.ts';
import { countryCodeSchema, timeZoneSchema } from './places.schemas.ts';

const TEXT_MAX = 255;
const text = (description: string, maxLength = TEXT_MAX): JsonSchema => ({ type: 'string', maxLength, description });
const nullableText = (description: string, maxLength = TEXT_MAX): JsonSchema => ({
  type: ['string', 'null'],
  maxLength,
  description,
});

const PLACE_MAX = 100;

/** Where a contact or an account is: what a prospect's time zone and holidays are inferred from. */
const locationProperties: Record<string, JsonSchema> = {
  country: nullable(countryCodeSchema, 'Country (ISO 3166-1 alpha-2, upper case); null clears it.'),
  region: nullableText(
    'State, province or region, by name or code (New York or NY, Ontario or ON, New South Wales or NSW).',
    PLACE_MAX,
  ),
  city: nullableText('City.', PLACE_MAX),
};
const locationRequired = ['country', 'region', 'city'];
const locationRecord: Record<string, JsonSchema> = {
  country: { type: ['string', 'null'] },
  region: { type: ['string', 'null'] },
  city: { type: ['string', 'null'] },
};

/** A user as other records embed them (owner, assignee). */
export const ownerSchema: JsonSchema = named('Owner', {
  type: 'object',
  required: ['id', 'email', 'name'],
  properties: { id: uuid, email: { type: 'string' }, name: { type: 'string' } },
});

export const ownerEmbed: JsonSchema = nullable(ownerSchema);

export const contactSummarySchema: JsonSchema = named('ContactSummary', {
  type: 'object',
  required: ['id', 'first_name', 'last_name', 'email', 'linkedin_url', 'job_title', 'company_name', 'company_domain'],
  properties: {
    id: uuid,
    first_name: { type: ['string', 'null'] },
    last_name: { type: ['string', 'null'] },
    email: { type: ['string', 'null'] },
    linkedin_url: { type: ['string', 'null'] },
    job_title: { type: ['string', 'null'] },
    company_name: { type: ['string', 'null'] },
    company_domain: { type: ['string', 'null'] },
  },
});

export const contactSchema: JsonSchema = named('Contact', {
  type: 'object',
  required: [
    ...(contactSummarySchema.required as string[]),
    'account_id',
    'phone',
    'owner_user_id',
    'owner',
    'email_status',
    ...locationRequired,
    'timezone',
    'timezone_source',
    'first_seen_at',
    'last_seen_at',
    'created_at',
    'updated_at',
  ],
  properties: {
    ...(contactSummarySchema.properties as Record<string, JsonSchema>),
    account_id: { type: ['string', 'null'], format: 'uuid' },
    phone: { type: ['string', 'null'] },
    owner_user_id: { type: ['string', 'null'], format: 'uuid' },
    owner: ownerEmbed,
    email_status: {
      type: 'string',
      enum: ['UNVERIFIED', 'DELIVERABLE', 'UNDELIVERABLE', 'RISKY', 'BOUNCED'],
      description: 'Result of the last email verification.',
    },
    ...locationRecord,
    timezone: {
      type: ['string', 'null'],
      description:
        "The prospect's IANA time zone: the one set on the contact, else inferred from its location, then its account's; null when unknown.",
    },
    timezone_source: {
      type: ['string', 'null'],
      enum: ['SET', 'INFERRED', null],
      description:
        'SET: sent as `timezone`. INFERRED: from the location (never stored; follows it). null: no zone known.',
    },
    first_seen_at: timestamp,
    last_seen_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
  },
});

const EMAIL_MATCH = 'Matched case-insensitively.';
const LINKEDIN_FORMS = 'Any usual form of https://www.linkedin.com/in/<slug>; stored canonical.';

export const contactUpsertSchema: JsonSchema = alternatives('ContactUpsert', {
  keyword: 'anyOf',
  description:
    'At least one of email or linkedin_url. Fields sent overwrite stored values (null clears); omitted fields are left untouched.',
  properties: {
    email: emailField({ type: ['string', 'null'], description: EMAIL_MATCH }),
    linkedin_url: linkedinUrlField({ type: ['string', 'null'], description: LINKEDIN_FORMS }),
    first_name: nullableText('First name.'),
    last_name: nullableText('Last name.'),
    job_title: nullableText('Job title.'),
    company_name: nullableText('Names a new account when company_domain creates one; alone it links nothing.'),
    company_domain: domainField({
      type: ['string', 'null'],
      description:
        'Links (creating if needed) the account of this domain; aliases resolve to the primary domain; null unlinks.',
    }),
    phone: nullableText('Phone number (added field).', 50),
    ...locationProperties,
    timezone: nullable(
      timeZoneSchema,
      "The person's time zone; wins over the one inferred from the location; null clears it.",
    ),
  },
  branches: {
    ByEmail: { email: emailField({ type: 'string', description: EMAIL_MATCH }) },
    ByLinkedinUrl: { linkedin_url: linkedinUrlField({ type: 'string', description: LINKEDIN_FORMS }) },
  },
});

export const ownerBodySchema: JsonSchema = named('OwnerUpdate', {
  type: 'object',
  additionalProperties: false,
  required: ['owner_user_id'],
  properties: {
    owner_user_id: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'An active user of the organization; null unassigns.',
    },
  },
});

export const accountSchema: JsonSchema = named('Account', {
  type: 'object',
  required: [
    'id',
    'name',
    'domain',
    'owner_user_id',
    'owner',
    ...locationRequired,
    'first_seen_at',
    'last_seen_at',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: uuid,
    name: { type: 'string' },
    domain: { type: 'string', description: 'Primary domain.' },
    owner_user_id: { type: ['string', 'null'], format: 'uuid' },
    owner: ownerEmbed,
    ...locationRecord,
    first_seen_at: timestamp,
    last_seen_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
  },
});

export const accountUpsertSchema: JsonSchema = named('AccountUpsert', {
  type: 'object',
  additionalProperties: false,
  required: ['domain'],
  properties: {
    domain: domainField({
      type: 'string',
      minLength: 1,
      description: 'Normalised (case, scheme, www., path, trailing dot); an alias resolves to the primary domain.',
    }),
    name: text('Used only when the account is created (default: the directory name, else the domain).'),
    ...locationProperties,
  },
  description:
    'Location fields sent overwrite stored values on create and match alike (null clears); omitted ones are left untouched.',
});

export const variablesMap: JsonSchema = named('VariableMap', {
  type: 'object',
  maxProperties: VARIABLE_LIMIT,
  propertyNames: { pattern: VARIABLE_KEY_PATTERN },
  additionalProperties: { type: ['string', 'null'], maxLength: VARIABLE_VALUE_MAX },
  description: `Keys ${VARIABLE_KEY_PATTERN}; values strings up to ${VARIABLE_VALUE_MAX} characters, or null (keeps the slot). At most ${VARIABLE_LIMIT} keys per scope.`,
});

export const contactVariablesSchema: JsonSchema = named('ContactVariables', {
  type: 'object',
  required: ['contact_variables', 'account_variables'],
  properties: { contact_variables: { type: 'object' }, account_variables: { type: 'object' } },
});

export const contactVariablesPatchSchema: JsonSchema = named('ContactVariablesUpdate', {
  type: 'object',
  additionalProperties: false,
  properties: { contact_variables: variablesMap, account_variables: variablesMap },
});

export const accountVariablesSchema: JsonSchema = named('AccountVariables', {
  type: 'object',
  required: ['variables'],
  properties: { variables: { type: 'object' } },
});

export const accountVariablesPatchSchema: JsonSchema = named('AccountVariablesUpdate', {
  type: 'object',
  additionalProperties: false,
  required: ['variables'],
  properties: { variables: variablesMap },
});

export const variableKeyParams = (idName: string): JsonSchema => ({
  type: 'object',
  required: [idName, 'key'],
  properties: { [idName]: uuid, key: { type: 'string', pattern: VARIABLE_KEY_PATTERN } },
});

export const contactListFilters: Record<string, JsonSchema> = {
  email: emailField({ type: 'string', description: 'Case-insensitive exact match.' }),
  linkedin_url: linkedinUrlField({
    type: 'string',
    description: 'Matched in canonical form (scheme, www., trailing slash, case and query string do not matter).',
  }),
  contact_id: uuid,
  company_domain: domainField({ type: 'string', description: 'Domain of the linked account (aliases resolve).' }),
  first_seen_after: { type: 'string', format: 'date-time', description: 'Strictly after.' },
  last_seen_after: { type: 'string', format: 'date-time', description: 'Strictly after.' },
};

export const accountListFilters: Record<string, JsonSchema> = {
  domain: domainField({
    type: 'string',
    description: 'Case-insensitive exact match on the primary domain (aliases resolve).',
  }),
  name: { type: 'string', minLength: 1, maxLength: TEXT_MAX, description: 'Case-insensitive substring.' },
};
