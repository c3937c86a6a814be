// Schemas of the first-party event ingestion routes (docs/api/events.md).
import { RESOLUTION_STATUSES } from '../../db/entities/ingested-event.entity.ts';
import { SUBJECT_FIELDS } from '../../domain/events/ingest.service.ts';
import { listQuerySchema } from '../pagination.ts';
import type { JsonSchema } from '../validation.ts';
import { nullable, nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { NO_NUL_PATTERN, NUL_FREE_PATTERNS, PATTERN_MESSAGES, WHITE_SPACE } from './identifiers.schemas.ts';
import { named } from './named.ts';

const TIMESTAMP_HELP = 'RFC 3339 with `Z` or an explicit offset (`±hh:mm`); naive and date-only values are refused.';
/** A timestamp filter as the service reads it (domain/events/ingest.service.ts parseRfc3339): RFC 3339 with a zone. */
export const rfc3339Filter: JsonSchema = {
  type: 'string',
  format: 'date-time',
  pattern: '^\\d{4}-\\d{2}-\\d{2}[Tt]\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([Zz]|[+-]\\d{2}:\\d{2})$',
};

// Text PostgreSQL stores as given (domain/events/ingest.service.ts storableText): no NUL; a subject
// identifier also has a character other than white space. (The service also refuses unpaired
// surrogates, which a pattern cannot name portably: ECMAScript and Rust regexes read \\ud800 apart.)
const NOT_BLANK_STORABLE = `^[^\\u0000]*[^\\u0000${WHITE_SPACE}][^\\u0000]*$`;
NUL_FREE_PATTERNS.add(NOT_BLANK_STORABLE).add(rfc3339Filter.pattern as string);
PATTERN_MESSAGES[NOT_BLANK_STORABLE] = 'must not be blank, nor contain the NUL character (\\u0000)';

const subjectDescriptions: Record<(typeof SUBJECT_FIELDS)[number], string> = {
  email: "The person's email.",
  linkedin_url: "The person's LinkedIn profile URL.",
  company_domain: "The company's domain (account-level events).",
  external_contact_id: "The contact's id in the connected CRM.",
  external_company_id: "The company's id in the connected CRM.",
};

export const subjectSchema: JsonSchema = named('EventSubject', {
  type: 'object',
  additionalProperties: false,
  description: 'Who the event is about: at least one identifier, none blank; unknown fields are refused.',
  minProperties: 1,
  properties: Object.fromEntries(
    SUBJECT_FIELDS.map((field) => [
      field,
      { type: 'string', pattern: NOT_BLANK_STORABLE, description: subjectDescriptions[field] },
    ]),
  ),
});

export const ingestEventBody: JsonSchema = named('EventIngest', {
  type: 'object',
  additionalProperties: false,
  required: ['event_name', 'occurred_at', 'subject'],
  properties: {
    event_name: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: NO_NUL_PATTERN,
      description: '1 to 255 characters; a case-sensitive, exact grouping key.',
    },
    occurred_at: {
      ...timestamp,
      description: `When it happened in your system. ${TIMESTAMP_HELP} Backdating is allowed.`,
    },
    subject: subjectSchema,
    external_event_id: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: NO_NUL_PATTERN,
      description:
        'Your id for the event, 1 to 255 characters: resends with the same id are deduplicated (safe retries).',
    },
    payload: {
      type: 'object',
      description:
        'Free-form JSON object, stored whole; returned by the reads exactly as sent (same keys, order and number spellings).',
    },
  },
});

export const ingestAcceptedSchema: JsonSchema = named('EventIngestAccepted', {
  type: 'object',
  required: ['accepted', 'idempotency_key'],
  properties: {
    accepted: {
      type: 'boolean',
      enum: [true],
      description: 'Always true: the event is durably stored (not yet resolved).',
    },
    idempotency_key: {
      type: 'string',
      description:
        '`first-party:<organization_id>:<external_event_id or SHA-256 hex of the request body bytes>`; a replay answers the same key.',
    },
  },
});

export const eventSchema: JsonSchema = named('Event', {
  type: 'object',
  required: [
    'id',
    'idempotency_key',
    'event_name',
    'occurred_at',
    'external_event_id',
    'subject',
    'payload',
    'resolution_status',
    'contact_id',
    'account_id',
    'received_at',
    'resolved_at',
  ],
  properties: {
    id: uuid,
    idempotency_key: { type: 'string' },
    event_name: { type: 'string' },
    occurred_at: { ...timestamp, description: 'As sent, normalised to UTC (millisecond precision).' },
    external_event_id: { type: ['string', 'null'] },
    subject: { description: 'The identifiers as sent.', allOf: [subjectSchema] },
    payload: nullable(
      named('IngestedEventPayload', { type: 'object', description: 'A free-form JSON object, as the event sent it.' }),
      'Exactly the JSON text sent (keys, order, whitespace and number spellings kept); null when none was sent.',
    ),
    resolution_status: {
      type: 'string',
      enum: [...RESOLUTION_STATUSES],
      description: '`PENDING` until subject matching ends.',
    },
    contact_id: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'Set on resolution: a contact of this workspace.',
    },
    account_id: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'Set on resolution: an account of this workspace.',
    },
    received_at: { ...timestamp, description: 'When it was stored.' },
    resolved_at: { ...nullableTimestamp, description: 'When subject matching ended.' },
  },
});

export const listEventsQuery: JsonSchema = listQuerySchema(['occurred_at'], {
  event_name: { type: 'string', pattern: NO_NUL_PATTERN, description: 'Exact, case-sensitive.' },
  resolution_status: { type: 'string', enum: [...RESOLUTION_STATUSES] },
  external_event_id: { type: 'string', pattern: NO_NUL_PATTERN, description: 'Exact.' },
  occurred_at_after: { ...rfc3339Filter, description: `Exclusive lower bound. ${TIMESTAMP_HELP}` },
  occurred_at_before: { ...rfc3339Filter, description: `Exclusive upper bound. ${TIMESTAMP_HELP}` },
});
(listEventsQuery.properties as Record<string, JsonSchema>).sort_order = {
  type: 'string',
  enum: ['asc', 'desc'],
  default: 'desc',
  description: 'Default `desc` (latest occurrence first).',
};
