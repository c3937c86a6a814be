// A workspace user. Removal is soft (removed_at) so owners, senders and audit trails keep their
// reference; removed users are hidden from reads and their keys stop working.
import { defineEntity, p } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Organization } from './organization.entity.ts';

/** SECURITY.md, 'Roles': owner and admin may hold every scope, member not the admin-only ones (domain/admin/roles.ts). */
export const USER_ROLES = ['owner', 'admin', 'member'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    organization: () => p.manyToOne(Organization).ref(),
    email: p.text(),
    name: p.text(),
    role: p.enum(USER_ROLES).default('member'),
    /** The From address when this user sends a sequence's emails; null: their email. */
    mailboxEmail: p.text().nullable(),
    /** Emails this user's mailbox sends per UTC day at most; steps over it wait for the next day. */
    dailySendLimit: p.integer().default(200),
    /**
     * Warm-up ramp (domain/sequences/send-limit.ts): emails on the ramp's first UTC day, the increase
     * per day after it, the volume where it stops growing, and when it started. All null: no ramp.
     */
    rampStart: p.integer().nullable(),
    rampIncrease: p.integer().nullable(),
    rampTarget: p.integer().nullable(),
    rampStartedAt: p.datetime().nullable(),
    /**
     * Pacing (domain/mailboxes/pacing.ts): emails per clock hour at most and the least and most time
     * between two sends (a random gap between them). Null: the default of the sender's transport.
     */
    hourlySendLimit: p.integer().nullable(),
    minSendGapSeconds: p.integer().nullable(),
    maxSendGapSeconds: p.integer().nullable(),
    /**
     * Reputation pause (domain/mailboxes/reputation.ts): set when the sender's hard-bounce rate
     * passes the threshold or a recipient complains of spam; their emails wait until an operator
     * resumes them (which clears both and sets reputation_resumed_at, where the bounce window restarts).
     */
    reputationPausedAt: p.datetime().nullable(),
    reputationPauseReason: p.text().nullable(),
    reputationResumedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
    removedAt: p.datetime().nullable(),
  },
});

export class User extends UserSchema.class {}
UserSchema.setClass(User);
