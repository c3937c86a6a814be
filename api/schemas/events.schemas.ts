// Schemas of the first-party event ingestion routes (SPEC 'Events (first-party ingestion)').
import { RESOLUTION_STATUSES } from '../../db/entities/ingested-event.entity.ts';
import { SUBJECT_FIELDS } from '../../domain/events-ingest.service.ts';
import { listQuerySchema } from '../pagination.ts';
import type { JsonSchema } from '../validation.ts';
import { nullableTimestamp, timestamp, uuid } from './common.schemas.ts';

const TIMESTAMP_HELP = 'RFC 3339 with `Z` or an explicit offset (`±hh:mm`); naive and date-only values are refused.';

const subjectDescriptions: Record<(typeof SUBJECT_FIELDS)[number], string> = {
  email: 'The person\'s email.',
  linkedin_url: 'The person\'s LinkedIn profile URL.',
  company_domain: 'The company\'s domain (account-level events).',
  external_contact_id: 'The contact\'s id in the connected CRM.',
  external_company_id: 'The company\'s id in the connected CRM.',
};

export const subjectSchema: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Who the event is about: at least one identifier, none blank; unknown fields are refused.',
  properties: Object.fromEntries(SUBJECT_FIELDS.map((field) => [field, { type: 'string', description: subjectDescriptions[field] }])),
};

export const ingestEventBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['event_name', 'occurred_at', 'subject'],
  properties: {
    event_name: { type: 'string', minLength: 1, maxLength: 255, description: '1 to 255 characters; a case-sensitive, exact grouping key.' },
    occurred_at: { ...timestamp, description: `When it happened in your system. ${TIMESTAMP_HELP} Backdating is allowed.` },
    subject: subjectSchema,
    external_event_id: {
      type: 'string', minLength: 1, maxLength: 255,
      description: 'Your id for the event, 1 to 255 characters: resends with the same id are deduplicated (safe retries).',
    },
    payload: {
      type: 'object',
      description: 'Free-form JSON object, stored whole; returned by the reads exactly as sent (same keys, order and number spellings).',
    },
  },
};

export const ingestAcceptedSchema: JsonSchema = {
  type: 'object',
  required: ['accepted', 'idempotency_key'],
  properties: {
    accepted: { type: 'boolean', enum: [true], description: 'Always true: the event is durably stored (not yet resolved).' },
    idempotency_key: {
      type: 'string',
      description: '`first-party:<organization_id>:<external_event_id or SHA-256 hex of the request body bytes>`; a replay answers the same key.',
    },
  },
};

export const eventSchema: JsonSchema = {
  type: 'object',
  required: ['id', 'idempotency_key', 'event_name', 'occurred_at', 'external_event_id', 'subject', 'payload', 'resolution_status',
    'contact_id', 'account_id', 'received_at', 'resolved_at'],
  properties: {
    id: uuid,
    idempotency_key: { type: 'string' },
    event_name: { type: 'string' },
    occurred_at: { ...timestamp, description: 'As sent, normalised to UTC (millisecond precision).' },
    external_event_id: { type: ['string', 'null'] },
    subject: { ...subjectSchema, description: 'The identifiers as sent.' },
    payload: {
      type: ['object', 'null'],
      description: 'Exactly the JSON text sent (keys, order, whitespace and number spellings kept); null when none was sent.',
    },
    resolution_status: { type: 'string', enum: [...RESOLUTION_STATUSES], description: '`PENDING` until subject matching ends.' },
    contact_id: { type: ['string', 'null'], format: 'uuid', description: 'Set on resolution: a contact of this workspace.' },
    account_id: { type: ['string', 'null'], format: 'uuid', description: 'Set on resolution: an account of this workspace.' },
    received_at: { ...timestamp, description: 'When it was stored.' },
    resolved_at: { ...nullableTimestamp, description: 'When subject matching ended.' },
  },
};

export const listEventsQuery: JsonSchema = listQuerySchema(['occurred_at'], {
  event_name: { type: 'string', description: 'Exact, case-sensitive.' },
  resolution_status: { type: 'string', enum: [...RESOLUTION_STATUSES] },
  external_event_id: { type: 'string', description: 'Exact.' },
  occurred_at_after: { type: 'string', description: `Exclusive lower bound. ${TIMESTAMP_HELP}` },
  occurred_at_before: { type: 'string', description: `Exclusive upper bound. ${TIMESTAMP_HELP}` },
});
(listEventsQuery.properties as Record<string, JsonSchema>).sort_order = {
  type: 'string', enum: ['asc', 'desc'], default: 'desc', description: 'Default `desc` (latest occurrence first).',
};
