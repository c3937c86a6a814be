// Shapes of GET /v1/audit-log (docs/api/audit-log.md).
import { AUDIT_ACTOR_TYPES, AUDIT_OUTCOMES } from '../../db/entities/audit-entry.entity.ts';
import { fixedKeyListQuerySchema } from '../pagination.ts';
import type { JsonSchema } from '../validation.ts';
import { timestamp, uuid } from './common.schemas.ts';
import { named } from './named.ts';

const nullableText = (description: string): JsonSchema => ({ type: ['string', 'null'], description });

export const auditEntrySchema: JsonSchema = named('AuditEntry', {
  type: 'object',
  required: [
    'id',
    'occurred_at',
    'actor',
    'request_id',
    'method',
    'action',
    'resource_type',
    'resource_id',
    'fields',
    'status',
    'outcome',
  ],
  properties: {
    id: uuid,
    occurred_at: timestamp,
    actor: {
      type: 'object',
      required: ['type', 'key_id', 'user_id', 'operator'],
      description: 'Who: an API key and the user it belongs to, or an operator of the admin CLI (their OS user name).',
      properties: {
        type: { type: 'string', enum: [...AUDIT_ACTOR_TYPES] },
        key_id: { type: ['string', 'null'], format: 'uuid' },
        user_id: { type: ['string', 'null'], format: 'uuid' },
        operator: nullableText('The OS user who ran the admin command.'),
      },
    },
    request_id: nullableText('The X-Request-Id of the request (null for an admin command).'),
    method: { type: 'string', description: 'The HTTP method, or ADMIN for an admin command.' },
    action: {
      type: 'string',
      description: 'The route template (`/v1/contacts/{contact_id}`), or the admin command (`admin key create`).',
    },
    resource_type: nullableText("The path's first segment after /v1 (`contacts`, `sequence-templates`, ...)."),
    resource_id: nullableText("The path's first identifier, or the id of what a POST created."),
    fields: {
      type: 'array',
      items: { type: 'string' },
      description: 'The names of the body fields (or command flags) sent; their values are never recorded.',
    },
    status: { type: ['integer', 'null'], description: 'The HTTP status of the answer (null for an admin command).' },
    outcome: {
      type: 'string',
      enum: [...AUDIT_OUTCOMES],
      description: 'SUCCEEDED: a 2xx answer, or a command that ended well. FAILED: any other.',
    },
  },
});

export const auditListQuery: JsonSchema = fixedKeyListQuerySchema('occurred_at', 'desc', {
  actor_key_id: { ...uuid, description: 'Entries of this API key.' },
  actor_user_id: { ...uuid, description: "Entries of this user's keys." },
  resource_type: { type: 'string', maxLength: 100, description: 'Entries about this kind of resource (`contacts`).' },
  resource_id: { type: 'string', maxLength: 200, description: 'Entries about this resource.' },
  outcome: { type: 'string', enum: [...AUDIT_OUTCOMES] },
  occurred_after: { type: 'string', format: 'date-time', description: 'Strictly after.' },
  occurred_before: { type: 'string', format: 'date-time', description: 'Strictly before.' },
});
