// Shapes of the identity and user endpoints.
import { nullableTimestamp, timestamp, uuid } from './common.schemas.ts';
import type { JsonSchema } from '../validation.ts';
import { named } from './named.ts';

export const meSchema: JsonSchema = named('ApiKeyIdentity', {
  type: 'object',
  required: ['id', 'organization_id', 'name', 'key_prefix', 'scopes', 'created_at', 'last_used_at', 'user_id', 'enrichment_credits'],
  properties: {
    id: { ...uuid, description: "The key's identifier." },
    organization_id: uuid,
    name: { type: 'string' },
    key_prefix: { type: 'string', description: 'Leading characters of the raw key, safe to log.' },
    scopes: { type: 'array', items: { type: 'string' } },
    created_at: timestamp,
    last_used_at: nullableTimestamp,
    user_id: { ...uuid, description: 'The user the key belongs to (added field): default assignee and sender.' },
    enrichment_credits: { type: 'integer', minimum: 0, description: 'Enrichment credits the organization has left (added field); enrich calls spend one per answer with data.' },
  },
});

export const userSchema: JsonSchema = named('User', {
  type: 'object',
  required: ['id', 'email', 'name', 'role', 'created_at', 'updated_at'],
  properties: {
    id: uuid,
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string', enum: ['owner', 'member'] },
    created_at: timestamp,
    updated_at: timestamp,
  },
});

export const USER_SORT_FIELDS = ['name', 'email', 'created_at'] as const;
