// Shapes of the contact-list, account-list and entry endpoints, and of the batch result every
// list and entry batch answers. Batch bodies are checked item by item (an item that does not fit
// its schema is a FAILED item, not a failed request), so the body schema only requires the array.
import { ENRICHMENT_STATUSES } from '../../db/entities/contact-entry.entity.ts';
import { ENTRY_BATCH_MAX } from '../../domain/lists/add-contact-entries.ts';
import type { JsonSchema } from '../validation.ts';
import { nullable, nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { domainField, emailField, linkedinUrlField } from './identifiers.schemas.ts';
import { named, nameOf } from './named.ts';

const NAME_MAX = 255;
const name: JsonSchema = { type: 'string', minLength: 1, maxLength: NAME_MAX, description: 'Not blank.' };
const nullableText = (description: string, maxLength = 255): JsonSchema => ({
  type: ['string', 'null'],
  maxLength,
  description,
});

/** The body of a batch, named `name`: `items`, 1 or more objects (more than 100 is a 422); each item is checked against `item`. */
function batchBodySchema(name: string, item: JsonSchema, what: string): JsonSchema {
  return named(name, {
    type: 'object',
    additionalProperties: false,
    required: ['items'],
    description:
      `1 to ${ENTRY_BATCH_MAX} ${what} (more: 422 ValidationIssue). Each item is checked on its own (a bad item is a FAILED result, the others are written). ` +
      `Item fields: ${Object.keys(item.properties as object).join(', ')}; required: ${(item.required as string[]).join(', ')}.`,
    properties: {
      items: { type: 'array', minItems: 1, items: {}, description: 'Objects; anything else is a FAILED item.' },
    },
  });
}

const batchItemErrorSchema: JsonSchema = named('BatchItemError', {
  type: 'object',
  required: ['type', 'message'],
  properties: {
    type: { type: 'string', description: 'ValidationIssue, NotFoundIssue, CommitIssue, BusinessIssue.' },
    message: { type: 'string' },
  },
});

const batchSummarySchema: JsonSchema = named('BatchSummary', {
  type: 'object',
  required: ['total', 'succeeded', 'failed'],
  properties: { total: { type: 'integer' }, succeeded: { type: 'integer' }, failed: { type: 'integer' } },
});

/** The answer of a batch of `resource` (named): `<Resource>BatchResult`, its items `<Resource>BatchItem`. */
export function batchResultSchema(resource: JsonSchema): JsonSchema {
  const name = nameOf(resource);
  if (name === undefined) throw new Error('A batch result needs a named resource schema');
  return named(`${name}BatchResult`, {
    type: 'object',
    required: ['items', 'summary'],
    properties: {
      items: {
        type: 'array',
        items: named(`${name}BatchItem`, {
          type: 'object',
          required: ['index', 'status', 'resource', 'error'],
          properties: {
            index: { type: 'integer', minimum: 0, description: 'Position of the item in the request.' },
            status: { type: 'string', enum: ['CREATED', 'UPDATED', 'FAILED'] },
            resource: { anyOf: [resource, { type: 'null' }] },
            error: nullable(batchItemErrorSchema),
          },
        }),
      },
      summary: batchSummarySchema,
    },
  });
}

export const contactListItemSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name,
    default_sequence_template_id: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'An ACTIVE template with at least one step: entries added are enrolled in it.',
    },
  },
};

export const accountListItemSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: { name },
};

export const contactListSchema: JsonSchema = named('ContactList', {
  type: 'object',
  required: ['id', 'name', 'default_sequence_template_id', 'entries_count', 'created_at', 'updated_at'],
  properties: {
    id: uuid,
    name: { type: 'string' },
    default_sequence_template_id: { type: ['string', 'null'], format: 'uuid' },
    entries_count: { type: 'integer', minimum: 0 },
    created_at: timestamp,
    updated_at: timestamp,
  },
});

export const accountListSchema: JsonSchema = named('AccountList', {
  type: 'object',
  required: ['id', 'name', 'entries_count', 'created_at', 'updated_at'],
  properties: {
    id: uuid,
    name: { type: 'string' },
    entries_count: { type: 'integer', minimum: 0 },
    created_at: timestamp,
    updated_at: timestamp,
  },
});

export const contactListPatchSchema: JsonSchema = named('ContactListUpdate', {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: {
    name,
    default_sequence_template_id: {
      type: ['string', 'null'],
      format: 'uuid',
      description:
        'ACTIVE with at least one step (else 422, the list unchanged); enrolls every resolved entry not yet enrolled in it. null clears it.',
    },
  },
});

export const accountListPatchSchema: JsonSchema = named('AccountListUpdate', {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: { name },
});

export const listListFilters: Record<string, JsonSchema> = {
  name: { type: 'string', maxLength: NAME_MAX, description: 'Exact name.' },
  created_at_after: { type: 'string', format: 'date-time', description: 'Strictly after.' },
  created_at_before: { type: 'string', format: 'date-time', description: 'Strictly before.' },
};

export const contactEntryItemSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['contact_list_id'],
  properties: {
    contact_list_id: uuid,
    email: emailField({ type: ['string', 'null'], description: 'At least one of email or linkedin_url.' }),
    linkedin_url: linkedinUrlField({ type: ['string', 'null'] }),
    external_contact_id: nullableText('CRM correlation id, echoed in contact_entry.resolved.'),
    first_name: nullableText('First name.'),
    last_name: nullableText('Last name.'),
    company_name: nullableText('Company name.'),
    company_domain: domainField({
      type: ['string', 'null'],
      description: 'Employer domain; an alias resolves to the primary domain.',
    }),
    job_title: nullableText('Job title.'),
    phone: nullableText('Phone number.', 50),
  },
};

export const contactEntrySchema: JsonSchema = named('ContactEntry', {
  type: 'object',
  required: [
    'id',
    'contact_list_id',
    'contact_id',
    'email',
    'linkedin_url',
    'external_contact_id',
    'enrichment_status',
    'sequence',
    'created_at',
    'updated_at',
  ],
  properties: {
    id: uuid,
    contact_list_id: uuid,
    contact_id: { type: ['string', 'null'], format: 'uuid' },
    email: { type: ['string', 'null'] },
    linkedin_url: { type: ['string', 'null'] },
    external_contact_id: { type: ['string', 'null'] },
    first_name: { type: ['string', 'null'] },
    last_name: { type: ['string', 'null'] },
    company_name: { type: ['string', 'null'] },
    company_domain: { type: ['string', 'null'] },
    job_title: { type: ['string', 'null'] },
    phone: { type: ['string', 'null'] },
    enrichment_status: {
      type: 'string',
      enum: [...ENRICHMENT_STATUSES],
      description:
        'The lead import: PENDING until the profile is completed, then DONE, or FAILED (see enrichment_error).',
    },
    enrichment_error: { type: ['string', 'null'] },
    resolved_at: nullableTimestamp,
    sequence: nullable(
      named('ContactEntrySequence', {
        type: 'object',
        properties: { id: uuid, status: { type: 'string' }, stopped_reason: { type: ['string', 'null'] } },
      }),
      'The latest sequence this entry sourced (list auto-enrollment); REFUSED ones carry the reason.',
    ),
    created_at: timestamp,
    updated_at: timestamp,
  },
});

export const contactEntryListFilters: Record<string, JsonSchema> = {
  contact_list_id: uuid,
  email: emailField({ type: 'string', description: "The entry's or its contact's email (case-insensitive)." }),
  company_domain: domainField({
    type: 'string',
    description: "The entry's domain or its contact's account domain; an alias resolves.",
  }),
  external_contact_id: { type: 'string', maxLength: 255 },
  enrichment_status: { type: 'string', enum: [...ENRICHMENT_STATUSES] },
  created_at_after: { type: 'string', format: 'date-time', description: 'Strictly after.' },
  created_at_before: { type: 'string', format: 'date-time', description: 'Strictly before.' },
};

export const accountEntryItemSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['account_list_id', 'name', 'domain'],
  properties: {
    account_list_id: uuid,
    name: { ...name, description: 'Names the account when the domain creates one.' },
    domain: domainField({
      type: 'string',
      minLength: 1,
      description: "An alias resolves to the company's primary domain.",
    }),
  },
};

export const accountEntrySchema: JsonSchema = named('AccountEntry', {
  type: 'object',
  required: ['id', 'account_list_id', 'account_id', 'name', 'domain', 'company', 'created_at', 'updated_at'],
  properties: {
    id: uuid,
    account_list_id: uuid,
    account_id: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'Always set, except on entries a custom-event signal takes from an unresolved event.',
    },
    name: { type: 'string' },
    domain: { type: 'string', description: 'Primary domain.' },
    company: nullable(
      named('CompanyProfile', {
        type: 'object',
        description:
          "The directory's company profile (name, domain, alias_domains, industry, size_band, employee_count, country_code, company_type, technologies).",
      }),
      "The directory's company profile, or null.",
    ),
    created_at: timestamp,
    updated_at: timestamp,
  },
});

export const accountEntryListFilters: Record<string, JsonSchema> = {
  account_list_id: uuid,
  domain: domainField({ type: 'string', description: 'Exact primary domain; an alias resolves.' }),
  name: { type: 'string', maxLength: 255, description: 'Case-insensitive substring.' },
};

export const contactListBatchSchema = batchBodySchema('ContactListBatchCreate', contactListItemSchema, 'lists');
export const contactEntryBatchSchema = batchBodySchema('ContactEntryBatchCreate', contactEntryItemSchema, 'entries');
export const accountListBatchSchema = batchBodySchema('AccountListBatchCreate', accountListItemSchema, 'lists');
export const accountEntryBatchSchema = batchBodySchema('AccountEntryBatchCreate', accountEntryItemSchema, 'entries');
