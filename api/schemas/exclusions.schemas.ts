// Shapes of the contact and account exclusion endpoints (docs/api/exclusions.md); the limits written
// here are the ones enforced.
import { EXCLUSION_REASONS } from '../../db/entities/contact-exclusion.entity.ts';
import { EXCLUSION_MESSAGE_MAX } from '../../domain/exclusions/exclusions.service.ts';
import type { JsonSchema } from '../validation.ts';
import { nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { domainField, emailField, linkedinUrlField } from './identifiers.schemas.ts';
import { named } from './named.ts';

export const exclusionReasonSchema: JsonSchema = named('ExclusionReason', {
  type: 'string',
  enum: [...EXCLUSION_REASONS],
  description: 'Why the person or company is excluded.',
});
const reason = exclusionReasonSchema;
const message: JsonSchema = {
  type: ['string', 'null'],
  maxLength: EXCLUSION_MESSAGE_MAX,
  description: `Free-form operator note, up to ${EXCLUSION_MESSAGE_MAX} characters.`,
};
const until: JsonSchema = {
  type: ['string', 'null'],
  format: 'date-time',
  description:
    'When the exclusion lifts (an RFC 3339 date-time with a time zone); null or omitted: permanent. A past value is accepted and simply not in force.',
};

const common: Record<string, JsonSchema> = {
  reason,
  message: { type: ['string', 'null'] },
  until: { ...nullableTimestamp, description: 'null: permanent.' },
  created_at: timestamp,
  updated_at: timestamp,
};

export const contactExclusionSchema: JsonSchema = named('ContactExclusion', {
  type: 'object',
  required: ['id', 'email', 'linkedin_url', 'reason', 'message', 'until', 'created_at', 'updated_at'],
  properties: {
    id: uuid,
    email: { type: ['string', 'null'], description: 'Normalised (trimmed, lower-case).' },
    linkedin_url: { type: ['string', 'null'], description: 'Canonical https://www.linkedin.com/in/<slug>.' },
    ...common,
  },
});

export const accountExclusionSchema: JsonSchema = named('AccountExclusion', {
  type: 'object',
  required: ['id', 'domain', 'reason', 'message', 'until', 'created_at', 'updated_at'],
  properties: {
    id: uuid,
    domain: { type: 'string', description: 'Primary domain (an alias sent on create resolves to it).' },
    ...common,
  },
});

export const contactExclusionCreateSchema: JsonSchema = named('ContactExclusionCreate', {
  type: 'object',
  additionalProperties: false,
  required: ['reason'],
  description:
    'At least one of email or linkedin_url (neither: 422 ValidationIssue naming both). A person already excluded by email or LinkedIn URL: 409 CommitIssue with `data.existing_exclusion_id`.',
  properties: {
    email: emailField({ type: ['string', 'null'], description: 'Matched case-insensitively; stored normalised.' }),
    linkedin_url: linkedinUrlField({
      type: ['string', 'null'],
      description: 'Any usual form of https://www.linkedin.com/in/<slug>; stored canonical.',
    }),
    reason,
    message,
    until,
  },
});

export const accountExclusionCreateSchema: JsonSchema = named('AccountExclusionCreate', {
  type: 'object',
  additionalProperties: false,
  required: ['domain', 'reason'],
  description:
    'A domain already excluded (after normalisation and alias resolution): 409 CommitIssue with `data.existing_exclusion_id`.',
  properties: {
    domain: domainField({
      type: 'string',
      minLength: 1,
      description: 'Normalised (case, scheme, www., path, trailing dot); an alias resolves to the primary domain.',
    }),
    reason,
    message,
    until,
  },
});

export const exclusionPatchSchema: JsonSchema = named('ExclusionUpdate', {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  description:
    'Only the fields sent change. `until: null` makes the exclusion permanent; omitting `until` leaves it unchanged. An empty body is 400.',
  properties: { reason, message, until },
});

const createdBounds: Record<string, JsonSchema> = {
  reason,
  created_at_after: { type: 'string', format: 'date-time', description: 'Strictly after.' },
  created_at_before: { type: 'string', format: 'date-time', description: 'Strictly before.' },
};

export const contactExclusionListFilters: Record<string, JsonSchema> = {
  email: emailField({ type: 'string', description: 'Exact match after normalisation (case-insensitive).' }),
  linkedin_url: linkedinUrlField({ type: 'string', description: 'Exact match in canonical form.' }),
  ...createdBounds,
};

export const accountExclusionListFilters: Record<string, JsonSchema> = {
  domain: domainField({
    type: 'string',
    description: 'Exact match on the primary domain (normalised; aliases resolve).',
  }),
  ...createdBounds,
};
