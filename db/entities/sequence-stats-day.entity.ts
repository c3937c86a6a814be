// The results of sequence templates per UTC day (docs/api/stats.md): one row per template, day,
// step, variant and sender, its counters kept by triggers in the transactions that write their
// source rows (db/migrations/Migration20261130130000_sequence_stats.sql.ts). Step 0 holds what
// belongs to the run rather than to a step (enrolled, active, meetings); variant 0 a step without
// variants; the nil UUID a send without a sender user. No foreign keys: a send never locks a template row.
import { defineEntity, p } from '@mikro-orm/postgresql';

export const SequenceStatsDaySchema = defineEntity({
  name: 'SequenceStatsDay',
  tableName: 'sequence_stats_daily',
  indexes: [{ name: 'sequence_stats_daily_sender_index', properties: ['organizationId', 'senderId', 'day'] }],
  properties: {
    sequenceTemplateId: p.uuid().primary(),
    day: p.date().primary(),
    stepNumber: p.integer().primary(),
    variant: p.integer().primary(),
    senderId: p.uuid().primary(),
    organizationId: p.uuid(),
    enrolled: p.integer().default(0),
    active: p.integer().default(0),
    sent: p.integer().default(0),
    bounced: p.integer().default(0),
    opened: p.integer().default(0),
    openedProxy: p.integer().default(0),
    clicked: p.integer().default(0),
    clickedBot: p.integer().default(0),
    replied: p.integer().default(0),
    repliedPositive: p.integer().default(0),
    optedOut: p.integer().default(0),
    meetings: p.integer().default(0),
    tasksCompleted: p.integer().default(0),
  },
});

export class SequenceStatsDay extends SequenceStatsDaySchema.class {}
SequenceStatsDaySchema.setClass(SequenceStatsDay);
