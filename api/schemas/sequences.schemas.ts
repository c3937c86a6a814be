// Shapes of the sequence endpoints: the enrollment request, the sequence record, the 202 body and
// the list filters.
import { SEQUENCE_STATUSES } from '../../db/entities/sequence.entity.ts';
import { REFUSAL_REASONS } from '../../domain/sequences/enrollment/enrollment.types.ts';
import { SEQUENCE_RECORD_FIELDS } from '../../domain/sequences/record.ts';
import type { JsonSchema } from '../validation.ts';
import { nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { named } from './named.ts';

/** The statuses of a sequence run, in records and in the list filter. */
export const sequenceStatusSchema: JsonSchema = named('SequenceStatus', {
  type: 'string',
  enum: [...SEQUENCE_STATUSES],
});

export const enrollSchema: JsonSchema = named('SequenceCreate', {
  type: 'object',
  additionalProperties: false,
  required: ['contact_id', 'sequence_template_id'],
  properties: { contact_id: uuid, sequence_template_id: uuid },
});

/** Every field of the record is present (null when unset). */
const SEQUENCE_REQUIRED: string[] = [...SEQUENCE_RECORD_FIELDS];

const sequenceProperties = {
  id: uuid,
  contact_id: uuid,
  account_id: { type: ['string', 'null'], format: 'uuid' },
  sequence_template_id: uuid,
  status: sequenceStatusSchema,
  stopped_reason: {
    type: ['string', 'null'],
    description: `Why it ended early or was refused. For REFUSED: one of ${REFUSAL_REASONS.join(', ')}.`,
  },
  paused_until: nullableTimestamp,
  current_step: { type: 'integer', minimum: 0, description: 'Steps started so far (0 before the first).' },
  variables: {
    type: 'object',
    additionalProperties: { type: ['string', 'null'] },
    description: 'Per-run template variables.',
  },
  source_contact_entry_id: { type: ['string', 'null'], format: 'uuid' },
  created_at: timestamp,
  updated_at: timestamp,
  ended_at: nullableTimestamp,
  error: {
    type: ['string', 'null'],
    description:
      'Set when the run ended STOPPED_EARLY with stopped_reason ERROR: a step failed in a way no retry can fix (data the database refused, a template that does not render) or kept failing for about a day. Null otherwise.',
  },
  sender_user_id: {
    type: ['string', 'null'],
    format: 'uuid',
    description:
      "Added field: whose mailbox sends the run's emails, given at enrollment and kept for all its steps: the member of the template's pool (`sender_user_ids`) the rotation chose, else the template's `sender_user_id` (docs/api/sequence-templates.md, Pools of senders). Null only when the template named no sender.",
  },
};

export const sequenceSchema: JsonSchema = named('Sequence', {
  type: 'object',
  required: SEQUENCE_REQUIRED,
  properties: sequenceProperties,
});

/** GET /v1/sequences/{sequence_id}: the record and when its next email is planned to go out. */
export const sequenceDetailSchema: JsonSchema = named('SequenceDetail', {
  type: 'object',
  required: [...SEQUENCE_REQUIRED, 'next_send_at'],
  properties: {
    ...sequenceProperties,
    next_send_at: {
      ...nullableTimestamp,
      description:
        "When the run's next email is planned to go out (added field): the send slot its sender's paced mailbox reserved for it (docs/api/mailboxes.md, Pacing); the email waits for it with a durable timer and goes out then, or is given back if the run ends, pauses or is halted first. Null when no email of the run holds a slot (an unpaced mailbox, a step not due yet, nothing left to send).",
    },
  },
});

export const enrollmentPendingSchema: JsonSchema = named('EnrollmentPending', {
  type: 'object',
  required: ['enrollment_run_id', 'contact_id', 'sequence_template_id'],
  properties: {
    enrollment_run_id: {
      type: 'string',
      description: 'The enrollment run; the outcome appears in GET /v1/sequences?contact_id=.',
    },
    contact_id: uuid,
    sequence_template_id: uuid,
  },
});

export const sequenceListFilters: Record<string, JsonSchema> = {
  contact_id: uuid,
  sequence_template_id: uuid,
  status: sequenceStatusSchema,
  created_at_before: { ...timestamp, description: 'Created strictly before.' },
  created_at_after: { ...timestamp, description: 'Created strictly after.' },
};
