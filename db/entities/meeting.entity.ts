// Meetings booked with a contact, optionally tied to the sequence that led to them.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Contact } from './contact.entity.ts';
import { Organization } from './organization.entity.ts';
import { Sequence } from './sequence.entity.ts';

export const MeetingSchema = defineEntity({
  name: 'Meeting',
  tableName: 'meetings',
  indexes: [{ name: 'meetings_organization_contact_index', properties: ['organization', 'contact'] }],
  // Keeps the sequence_stats_daily counters (db/migrations/Migration20261130130000_sequence_stats.sql.ts).
  triggers: [
    {
      name: 'meetings_sequence_stats',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      expression:
        'create trigger "meetings_sequence_stats" after insert or update or delete on "meetings" for each row execute function "meetings_sequence_stats"()',
    },
  ],
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
