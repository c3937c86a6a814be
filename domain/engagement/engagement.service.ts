// Engagement: what the outside world does with a run's messages, each recorded in one transaction
// with its event and its effect on the run, under the message's and the run's locks; the run's
// workflow is told after the commit (recorded, which every engagement use case runs in). This file
// holds that frame and the inbound answers to a run's mail: replies (classified, each category with
// its effect on a running run), bounces and spam complaints, which the inbox sync also writes in its
// own transaction.
// Opens and clicks are in opens-clicks.service.ts, LinkedIn acceptances and meetings in
// invitations-meetings.service.ts, the steps they share (scoring, hot leads) in engagement-steps.ts.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { isRunningStatus } from '../sequences/statuses.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Logger } from 'pino';
import { judgeSender, type ReputationDeps } from '../mailboxes/reputation.ts';
import type { ReputationRule } from '../mailboxes/reputation-rule.ts';
import { emitEvent } from '../activity/emit.ts';
import { ensureContactExclusion } from '../exclusions/exclusions.service.ts';
import { classifyReply, ownText, returnDateOf, type ReplyCategory } from './reply-classifier.ts';
import { replyTask } from './reply-task.ts';
import { deliverRunsChanged } from '../workflow-commands/deliver.ts';
import { recordRunsChanged } from '../workflow-commands/outbox.ts';
import { end, lockRun, sequenceEvent, update } from '../sequences/runs.ts';
import { pauseInRow } from '../sequences/pause.ts';
import {
  ENGAGEMENT_POINTS,
  eventChannel,
  lockMessage,
  messageEmbed,
  requireOutbound,
  resultOf,
  score,
  type EngagementResult,
} from './engagement-steps.ts';
import {
  contactAddresses,
  insertMessage,
  markBounced,
  type EngagedMessage as MessageRow,
} from './engagement.queries.ts';

export interface EngagementDeps {
  em: EntityManager;
  workflows: WorkflowClients;
  logger?: Pick<Logger, 'warn'>;
  /** When hard bounces pause the sender (config.reputation); the default rule when absent. */
  reputation?: ReputationRule;
}

/**
 * Runs `work` in one transaction with a RUN_CHANGED command for each run it changed (`changed`),
 * then delivers them: the workflows hear of it even when the process dies after the commit. Other
 * writers (the inbox sync) put their own rows in the same transaction with applyReply / applyBounce.
 */
export async function recorded<T>(
  deps: EngagementDeps,
  organizationId: string,
  work: (tx: EntityManager, changed: string[]) => Promise<T>,
): Promise<T> {
  const changed: string[] = [];
  const result = await deps.em.fork().transactional(async (tx) => {
    const done = await work(tx, changed);
    await recordRunsChanged(
      tx,
      changed.map((id) => ({ id, organizationId })),
    );
    return done;
  });
  await deliverRunsChanged(deps.em, deps, changed);
  return result;
}

export interface ReplyResult extends EngagementResult {
  reply_category: ReplyCategory;
  /** The EMAIL_REPLY / LINKEDIN_REPLY task created for a person, or null. */
  task_id: string | null;
}

/**
 * The contact replied to an outbound email or LinkedIn message: the INBOUND message (classified),
 * message.replied, and the category's effect on a running run (see domain/engagement/reply-classifier.ts).
 */
export async function recordReply(
  deps: EngagementDeps,
  organizationId: string,
  messageId: string,
  input: ReplyInput,
  at = new Date(),
  options: ReplyOptions = {},
): Promise<ReplyResult> {
  return recorded(deps, organizationId, (tx, changed) =>
    applyReply(tx, changed, organizationId, messageId, input, at, options),
  );
}

export interface ReplyInput {
  body: string;
  subject?: string | null;
  /** The reply's own Message-ID (`<id>`), when it came by mail: a task's answer names it (In-Reply-To). */
  providerMessageId?: string | null;
}

export interface ReplyOptions {
  /** OUT_OF_OFFICE for an automatic answer (its headers say so): never taken for a person's reply, whatever its words. */
  category?: 'OUT_OF_OFFICE';
  /**
   * False when the reply cannot speak for the contact (it came from another address, or its From
   * failed DMARC): an UNSUBSCRIBE in it neither excludes the contact nor ends the run; the run waits
   * on its reply task like any other reply, so a person reads it and decides. Default true.
   */
  speaksForContact?: boolean;
}

/** recordReply's writes in the caller's transaction; the runs it changed are pushed onto `changed`. */
export async function applyReply(
  tx: EntityManager,
  changed: string[],
  organizationId: string,
  messageId: string,
  input: ReplyInput,
  at: Date,
  options: ReplyOptions = {},
): Promise<ReplyResult> {
  const original = await lockMessage(tx, organizationId, messageId);
  requireOutbound(original, ['EMAIL', 'LINKEDIN'], 'replied to');
  const { category, returnDate } = options.category
    ? { category: options.category, returnDate: returnDateOf(ownText(input.body), at) }
    : classifyReply(input.body, at);
  let run = original.sequence_id ? await lockRun(tx, original.sequence_id) : null;
  const reply: MessageRow = {
    ...original,
    id: randomUUID(),
    direction: 'INBOUND',
    kind: 'MESSAGE',
    body: input.body,
    sent_at: at,
    subject: original.channel === 'EMAIL' ? (input.subject ?? `Re: ${original.subject ?? ''}`.trim()) : null,
    // The step of the message answered; for a message stored without one, the run's current step (at least 1).
    step_number: original.step_number ?? (run ? Math.max(1, run.current_step) : null),
    // A reply is sent by no variant (the message it answers names its own).
    variant: null,
  };
  await insertMessage(tx, {
    id: reply.id,
    organization_id: organizationId,
    contact_id: original.contact_id,
    sequence_id: original.sequence_id,
    channel: original.channel,
    direction: 'INBOUND',
    kind: 'MESSAGE',
    subject: reply.subject,
    body: reply.body,
    step_number: reply.step_number,
    in_reply_to_id: original.id,
    reply_category: category,
    provider_message_id: input.providerMessageId ?? null,
    sent_at: at,
    created_at: new Date(),
  });
  let taskId: string | null = null;
  const optOut = category === 'UNSUBSCRIBE' && options.speaksForContact !== false;
  if (optOut) await excludeForGood(tx, organizationId, original.contact_id, null);
  if (run) {
    await emitEvent(
      tx,
      sequenceEvent(run, 'message.replied', {
        resourceType: 'MESSAGE',
        channel: eventChannel(original.channel),
        messageId: reply.id,
        embeds: { message: messageEmbed(reply) },
        fields: { reply_category: category, in_reply_to_message_id: original.id },
      }),
    );
    if (isRunningStatus(run.status)) {
      changed.push(run.id);
      if (category === 'INTERESTED') {
        run = await score(tx, run, ENGAGEMENT_POINTS.interestedReply, original.channel);
        run = await end(tx, run, 'SUCCEEDED', 'INTERESTED');
      } else if (category === 'NOT_INTERESTED' || optOut) {
        run = await end(tx, run, 'FAILED', optOut ? 'UNSUBSCRIBED' : 'NOT_INTERESTED');
      } else if (category === 'OUT_OF_OFFICE' && returnDate && returnDate.getTime() > at.getTime()) {
        run = await pauseInRow(tx, run, returnDate, 'OUT_OF_OFFICE');
      } else {
        if (category === 'OTHER') run = await score(tx, run, ENGAGEMENT_POINTS.reply, original.channel);
        // Halted and blocked on the reply task until the team answers it (then WAITING_FOR_LEAD,
        // domain/tasks/). A paused run keeps its pause; its resume restores WAITING_FOR_USER.
        run = await update(
          tx,
          run,
          run.status_before_pause !== null
            ? { replied_at: at, status_before_pause: 'WAITING_FOR_USER' }
            : { status: 'WAITING_FOR_USER', replied_at: at },
        );
        taskId = await replyTask(tx, run, reply, at);
      }
    }
  }
  return { ...(await resultOf(tx, organizationId, reply.id, run)), reply_category: category, task_id: taskId };
}

/**
 * The person asked for no more mail (an unsubscribe reply, a spam complaint): excluded for good,
 * reason UNSUBSCRIBED; a temporary or lapsed exclusion of the person becomes permanent.
 */
async function excludeForGood(
  tx: EntityManager,
  organizationId: string,
  contactId: string,
  note: string | null,
): Promise<void> {
  const c = await contactAddresses(tx, contactId);
  if (!c || !(c.email || c.linkedin_url)) return;
  await ensureContactExclusion(
    tx,
    organizationId,
    { email: c.email, linkedin_url: c.linkedin_url, reason: 'UNSUBSCRIBED', until: null, message: note },
    { reason: 'replace' },
  );
}

/**
 * A recipient reported an email as spam (a feedback-loop report, domain/mailboxes/inbox-meaning.ts):
 * in the caller's transaction its sender is paused (reputation.ts), the recipient is excluded for
 * good (as an unsubscribe) and the email's run, when running, fails with stopped_reason
 * SPAM_COMPLAINT (pushed onto `changed`). The person's other runs meet the exclusion at their next step.
 */
export async function applyComplaint(
  tx: EntityManager,
  changed: string[],
  organizationId: string,
  messageId: string,
  at: Date,
  reputation: ReputationDeps = {},
): Promise<EngagementResult> {
  const message = await lockMessage(tx, organizationId, messageId);
  requireOutbound(message, ['EMAIL'], 'reported as spam');
  await judgeSender(tx, reputation, { kind: 'COMPLAINT', organizationId, messageId: message.id, at });
  await excludeForGood(tx, organizationId, message.contact_id, 'Reported an email as spam (feedback-loop report)');
  return failRunOf(tx, changed, organizationId, message, 'SPAM_COMPLAINT');
}

/** An email bounced: the message and the contact's email are marked BOUNCED and a running run fails (stopped_reason BOUNCED). */
export async function recordBounce(
  deps: EngagementDeps,
  organizationId: string,
  messageId: string,
  at = new Date(),
): Promise<EngagementResult> {
  return recorded(deps, organizationId, (tx, changed) =>
    applyBounce(tx, changed, organizationId, messageId, at, { rule: deps.reputation, logger: deps.logger }),
  );
}

/**
 * recordBounce's writes in the caller's transaction; the run it ended is pushed onto `changed`. The
 * sender's bounce rate is judged in the same transaction (domain/mailboxes/reputation.ts).
 */
export async function applyBounce(
  tx: EntityManager,
  changed: string[],
  organizationId: string,
  messageId: string,
  at: Date,
  reputation: ReputationDeps = {},
): Promise<EngagementResult> {
  const message = await lockMessage(tx, organizationId, messageId);
  requireOutbound(message, ['EMAIL'], 'bounced');
  await markBounced(tx, message.id, message.contact_id, at);
  await judgeSender(tx, reputation, { kind: 'BOUNCE', organizationId, messageId: message.id, at });
  return failRunOf(tx, changed, organizationId, message, 'BOUNCED');
}

/** Ends the message's run FAILED with `reason` when it is running (pushed onto `changed`); the message's result. */
async function failRunOf(
  tx: EntityManager,
  changed: string[],
  organizationId: string,
  message: MessageRow,
  reason: 'BOUNCED' | 'SPAM_COMPLAINT',
): Promise<EngagementResult> {
  let run = message.sequence_id ? await lockRun(tx, message.sequence_id) : null;
  if (run && isRunningStatus(run.status)) {
    run = await end(tx, run, 'FAILED', reason);
    changed.push(run.id);
  }
  return resultOf(tx, organizationId, message.id, run);
}
