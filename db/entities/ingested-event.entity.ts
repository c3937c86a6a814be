// First-party events clients ingest (docs/api/events.md), stored before the 202 and resolved to
// a contact and account later by the resolution workflow. `payload_json` is the payload exactly as
// sent (the request's own bytes of that JSON value), so reads return the same keys, order and
// number spellings. Playbooks (event-triggered actions) and their runs live here too.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const RESOLUTION_STATUSES = ['PENDING', 'RESOLVED', 'UNRESOLVED'] as const;
export type ResolutionStatus = (typeof RESOLUTION_STATUSES)[number];

export const IngestedEventSchema = defineEntity({
  name: 'IngestedEvent',
  tableName: 'ingested_events',
  indexes: [
    {
      name: 'ingested_events_idempotency_unique',
      expression:
        'create unique index "ingested_events_idempotency_unique" on "ingested_events" ("organization_id", "idempotency_key")',
    },
    { name: 'ingested_events_organization_occurred_index', properties: ['organization', 'occurredAt', 'id'] },
    { name: 'ingested_events_organization_name_index', properties: ['organization', 'eventName', 'occurredAt'] },
    {
      name: 'ingested_events_pending_index',
      expression: `create index "ingested_events_pending_index" on "ingested_events" ("received_at", "id") where "resolution_status" = 'PENDING'`,
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    /** `first-party:<organization_id>:<external_event_id or SHA-256 of the request body>`. */
    idempotencyKey: p.text(),
    eventName: p.text(),
    occurredAt: p.datetime(),
    externalEventId: p.text().nullable(),
    /** {email?, linkedin_url?, company_domain?, external_contact_id?, external_company_id?} as sent. */
    subject: p.json<Record<string, string>>(),
    /** The payload's JSON text exactly as it appeared in the request body; null when absent. */
    payloadJson: p.text().nullable(),
    resolutionStatus: p.enum(RESOLUTION_STATUSES).default('PENDING'),
    contactId: p.uuid().nullable(),
    accountId: p.uuid().nullable(),
    receivedAt: p.datetime(),
    resolvedAt: p.datetime().nullable(),
  },
});

export class IngestedEvent extends IngestedEventSchema.class {}
IngestedEventSchema.setClass(IngestedEvent);
