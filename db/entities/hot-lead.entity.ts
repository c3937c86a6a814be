// Hot leads: a sequence whose engagement score reached the threshold (one row per sequence).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Contact } from './contact.entity.ts';
import { Organization } from './organization.entity.ts';
import { Sequence } from './sequence.entity.ts';

export const HotLeadSchema = defineEntity({
  name: 'HotLead',
  tableName: 'hot_leads',
  indexes: [
    {
      name: 'hot_leads_sequence_unique',
      expression: 'create unique index "hot_leads_sequence_unique" on "hot_leads" ("sequence_id")',
    },
  ],
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    contact: () => p.manyToOne(Contact).ref().deleteRule('cascade'),
    sequence: () => p.manyToOne(Sequence).ref().deleteRule('cascade'),
    engagementScore: p.integer(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});

export class HotLead extends HotLeadSchema.class {}
HotLeadSchema.setClass(HotLead);
