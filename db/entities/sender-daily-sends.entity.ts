// Emails a sender's mailbox sent per UTC day (the daily send limit's counter).
import { defineEntity, p } from '@mikro-orm/postgresql';
import { User } from './user.entity.ts';

/** Emails a sender's mailbox sent per UTC day (the daily send limit's counter). */
export const SenderDailySendsSchema = defineEntity({
  name: 'SenderDailySends',
  tableName: 'sender_daily_sends',
  properties: {
    user: () => p.manyToOne(User).ref().primary().deleteRule('cascade'),
    day: p.date().primary(),
    sent: p.integer().default(0),
  },
});

export class SenderDailySends extends SenderDailySendsSchema.class {}
SenderDailySendsSchema.setClass(SenderDailySends);
