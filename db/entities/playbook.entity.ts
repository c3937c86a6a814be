// Playbooks: event-triggered actions. A playbook watches one event_name; when an ingested event of
// that name resolves to a contact, each ACTIVE playbook of the name gets one run.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

export const PLAYBOOK_STATUSES = ['ACTIVE', 'PAUSED'] as const;
export type PlaybookStatus = (typeof PLAYBOOK_STATUSES)[number];

export const PLAYBOOK_ACTION_TYPES = ['ENROLL_IN_SEQUENCE', 'CREATE_TASK'] as const;
export type PlaybookActionType = (typeof PLAYBOOK_ACTION_TYPES)[number];

export type PlaybookAction =
  | { type: 'ENROLL_IN_SEQUENCE'; sequence_template_id: string }
  | { type: 'CREATE_TASK'; title: string; priority: 'HOT' | 'TODAY' | 'EXTRA'; due_in_days: number };

export const PlaybookSchema = defineEntity({
  name: 'Playbook',
  tableName: 'playbooks',
  indexes: [
    { name: 'playbooks_organization_created_index', properties: ['organization', 'createdAt', 'id'] },
    { name: 'playbooks_trigger_index', properties: ['organization', 'eventName', 'status'] },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    name: p.text(),
    /** The ingested event_name that triggers it (case-sensitive, exact). */
    eventName: p.text(),
    action: p.json<PlaybookAction>(),
    requiresApproval: p.boolean(),
    status: p.enum(PLAYBOOK_STATUSES),
    /** The key's user that created it: the assignee of the tasks its runs create (null: unassigned). */
    ownerUserId: p.uuid().nullable(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export class Playbook extends PlaybookSchema.class {}
PlaybookSchema.setClass(Playbook);
