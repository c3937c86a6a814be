// The audit log: one row per write through /v1 and per admin command: who (the API key and its
// user, or the operator's OS user), what (method and route template, or the command; the resource
// and the names of the fields sent, never their values), when, the request id and the outcome.
// Append-only: a trigger of the migration refuses every UPDATE, and a DELETE of a row younger than
// 30 days (only the retention of domain/audit deletes, rows older than AUDIT_RETENTION_DAYS).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { uuid7 } from '../../domain/shared/uuid7.ts';

/** API_KEY: a request through /v1. OPERATOR: an admin command. */
export const AUDIT_ACTOR_TYPES = ['API_KEY', 'OPERATOR'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];

/** SUCCEEDED: a 2xx answer (or a command that ended well). FAILED: any other. */
export const AUDIT_OUTCOMES = ['SUCCEEDED', 'FAILED'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const AuditEntrySchema = defineEntity({
  name: 'AuditEntry',
  tableName: 'audit_log',
  indexes: [
    { name: 'audit_log_organization_time_index', properties: ['organizationId', 'occurredAt', 'id'] },
    {
      name: 'audit_log_resource_index',
      expression:
        'create index "audit_log_resource_index" on "audit_log" ("organization_id", "resource_type", "resource_id") where "resource_id" is not null',
    },
    // The retention's range: a BRIN index, as the table is written in time order.
    {
      name: 'audit_log_time_index',
      expression: 'create index "audit_log_time_index" on "audit_log" using brin ("occurred_at")',
    },
  ],
  // Declared (as the migration creates it) so the schema diff knows it; its function audit_log_append_only() comes with it.
  triggers: [
    {
      name: 'audit_log_append_only',
      timing: 'before',
      events: ['update', 'delete'],
      expression:
        'create trigger "audit_log_append_only" before update or delete on "audit_log" for each row execute function "audit_log_append_only"()',
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => uuid7()),
    /** Null for an operator's command that names no organization. No foreign key: the log outlives what it names. */
    organizationId: p.uuid().nullable(),
    occurredAt: p.datetime(),
    actorType: p.enum(AUDIT_ACTOR_TYPES),
    actorKeyId: p.uuid().nullable(),
    actorUserId: p.uuid().nullable(),
    /** The operator's OS user name (admin commands). */
    actorOperator: p.text().nullable(),
    requestId: p.text().nullable(),
    /** The HTTP method, or ADMIN for a command. */
    method: p.text(),
    /** The route template (`/v1/contacts/{contact_id}`), or the admin command (`admin key create`). */
    action: p.text(),
    resourceType: p.text().nullable(),
    resourceId: p.text().nullable(),
    /** The names of the fields (or flags) sent, never their values. */
    fields: p.json<string[]>(),
    status: p.integer().nullable(),
    outcome: p.enum(AUDIT_OUTCOMES),
  },
});

export class AuditEntry extends AuditEntrySchema.class {}
AuditEntrySchema.setClass(AuditEntry);
