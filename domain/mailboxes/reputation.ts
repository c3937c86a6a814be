// Pausing a sender's mailbox for its reputation: after a hard bounce, when their bounce rate over
// their latest emails passes the rule (reputation-rule.ts); after a spam complaint, at once. Both run
// in the transaction that records the bounce or the complaint, so the pause and its cause commit
// together. A paused sender's email steps wait (activities/sequence-step.ts) until an operator resumes
// them (`admin mailbox resume`, sender-sending.ts). Logged as a warning with the reason.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import { bounceRateReason, DEFAULT_REPUTATION_RULE, SPAM_COMPLAINT, type ReputationRule } from './reputation-rule.ts';
import { pauseSenderRow, recentSendsOf, resumedAtOf, senderOfMessage } from './reputation.queries.ts';

export interface ReputationDeps {
  rule?: ReputationRule;
  logger?: Pick<Logger, 'warn'>;
}

/** A pause this call made. */
export interface SenderPause {
  userId: string;
  reason: string;
}

async function pause(
  tx: EntityManager,
  deps: ReputationDeps,
  userId: string,
  reason: string,
  cause: ReputationEvent,
): Promise<SenderPause | null> {
  const paused = await pauseSenderRow(tx, userId, reason, cause.at);
  if (!paused) return null; // already paused: the first reason stands
  deps.logger?.warn(
    { userId, organizationId: cause.organizationId, reason, messageId: cause.messageId },
    "sender's mailbox paused for its reputation: its emails wait until an operator resumes it (admin mailbox resume)",
  );
  return { userId, reason };
}

/** What may pause a sender: a hard bounce of one of their emails, or a spam complaint about one. */
export interface ReputationEvent {
  kind: 'BOUNCE' | 'COMPLAINT';
  organizationId: string;
  messageId: string;
  at: Date;
}

/**
 * In the transaction that records `event`: a complaint pauses the email's sender; a bounce pauses
 * them when their bounce rate since their last resume passes the rule.
 */
export async function judgeSender(
  tx: EntityManager,
  deps: ReputationDeps,
  event: ReputationEvent,
): Promise<SenderPause | null> {
  const senderId = await senderOfMessage(tx, event.organizationId, event.messageId);
  if (!senderId) return null;
  let reason: string | null = SPAM_COMPLAINT;
  if (event.kind === 'BOUNCE') {
    const rule = deps.rule ?? DEFAULT_REPUTATION_RULE;
    const since = await resumedAtOf(tx, senderId);
    const window = await recentSendsOf(tx, event.organizationId, senderId, rule.windowSends, since);
    reason = bounceRateReason(window.sent, window.bounced, rule);
  }
  return reason ? pause(tx, deps, senderId, reason, event) : null;
}
