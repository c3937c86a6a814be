// Shapes of a person's erasure (docs/api/people.md): the job POST /v1/contacts/{contact_id}/erase answers.
import { ERASURE_JOB_STATUSES } from '../../db/entities/erasure-job.entity.ts';
import type { JsonSchema } from '../validation.ts';
import { nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import { named } from './named.ts';

export const erasureJobSchema: JsonSchema = named('ErasureJob', {
  type: 'object',
  description:
    'One erasure of a person at a privacy request: QUEUED, then RUNNING (runs stopped, sends settled, the CRM record deleted, every copy erased), ' +
    "then SUCCEEDED or FAILED. It never shows the person's identifiers.",
  required: ['id', 'contact_id', 'status', 'erased', 'error', 'created_at', 'started_at', 'finished_at'],
  properties: {
    id: uuid,
    contact_id: {
      type: ['string', 'null'],
      format: 'uuid',
      description: 'The erased contact; null when the person was not one.',
    },
    status: { type: 'string', enum: [...ERASURE_JOB_STATUSES] },
    erased: {
      type: ['object', 'null'],
      additionalProperties: { type: 'integer', minimum: 0 },
      description: 'Rows erased or redacted per table, once SUCCEEDED (null before).',
    },
    error: {
      type: ['string', 'null'],
      description: 'Why the job FAILED (asking for the erasure again queues it anew).',
    },
    created_at: timestamp,
    started_at: nullableTimestamp,
    finished_at: nullableTimestamp,
  },
});
