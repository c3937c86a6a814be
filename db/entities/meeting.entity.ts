// Meetings booked with a contact, optionally tied to the sequence that led to them.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Contact } from './contact.entity.ts';
import { Organization } from './organization.entity.ts';
import { Sequence } from './sequence.entity.ts';
import { statsTriggersOf } from '../migrations/Migration20261202100000_stats_cheap_triggers.sql.ts';

export const MeetingSchema = defineEntity({
  name: 'Meeting',
  tableName: 'meetings',
  indexes: [{ name: 'meetings_organization_contact_index', properties: ['organization', 'contact'] }],
  // Keep the sequence_stats_daily counters (db/migrations/Migration20261202100000_stats_cheap_triggers.sql.ts).
  triggers: statsTriggersOf('meetings'),
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    contact: () => p.manyToOne(Contact).ref().deleteRule('cascade'),
    sequence: () => p.manyToOne(Sequence).ref().nullable().deleteRule('set null'),
    title: p.text(),
    startTime: p.datetime(),
    endTime: p.datetime(),
    timezone: p.text(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class Meeting extends MeetingSchema.class {}
MeetingSchema.setClass(Meeting);
