// Engagement: what the outside world does with a run's messages (opens, clicks, replies, bounces,
// LinkedIn acceptances, meetings), each recorded in one transaction with its event and its effect
// on the run, under the message's and the run's locks; the run's workflow is told after the commit.
//
// Engagement score (per run): first open of an email +1, first click of an email +2, LinkedIn
// invitation accepted +2, a reply that is neither negative nor out of office +3, an INTERESTED
// reply +5. When a run's score reaches HOT_LEAD_THRESHOLD (3) its contact becomes a hot lead, once
// per run: a hot_leads row and hot_lead.created with the hot_lead embed {id, engagement_score}.
// Opens and clicks after the first count (open_count, click_count) without adding points; every
// click emits message.link_clicked (with its url), only the first open emits message.opened.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RUNNING_STATUSES, isRunningStatus } from '../sequences/statuses.ts';
import type { WorkflowClients } from '../../workflows/clients.ts';
import type { Logger } from 'pino';
import { DomainError } from '../shared/errors.ts';
import { emitEvent } from '../activity/emit.ts';
import { ensureContactExclusion } from '../exclusions/exclusions.service.ts';
import { getMessage, type MessageRecord } from './messages.service.ts';
import { classifyReply, ownText, returnDateOf, type ReplyCategory } from './reply-classifier.ts';
import { replyTask } from './reply-task.ts';
import { DAY_MS, HOUR_MS, iso } from '../shared/time.ts';
import { deliverRunsChanged } from '../workflow-commands/deliver.ts';
import { recordRunsChanged } from '../workflow-commands/outbox.ts';
import { end, endRuns, lockRun, sequenceEvent, toSequenceRecord, update, type RunRow } from '../sequences/runs.ts';
import { pauseInRow } from '../sequences/pause.ts';
import type { SequenceRecord } from '../sequences/record.ts';
import {
  contactAddresses,
  contactRunsForMeeting,
  countClick,
  countOpen,
  insertHotLead,
  insertMeeting,
  insertMessage,
  isOrganizationContact,
  latestInvitation,
  lockMessageRow,
  markAccepted,
  markBounced,
  messageOrganization,
  type EngagedMessage as MessageRow,
} from './engagement.queries.ts';

export const HOT_LEAD_THRESHOLD = 3;
export const ENGAGEMENT_POINTS = { open: 1, click: 2, invitationAccepted: 2, reply: 3, interestedReply: 5 } as const;

export interface EngagementDeps {
  em: EntityManager;
  workflows: WorkflowClients;
  logger?: Pick<Logger, 'warn'>;
}

export interface EngagementResult {
  message: MessageRecord;
  /** The run as it now is, or null for a message without a run. */
  sequence: SequenceRecord | null;
}

async function lockMessage(tx: EntityManager, organizationId: string, messageId: string): Promise<MessageRow> {
  const row = await lockMessageRow(tx, organizationId, messageId);
  if (!row) throw DomainError.notFound('Message');
  return row;
}

function requireOutbound(message: MessageRow, channels: MessageRow['channel'][], what: string): void {
  if (message.direction !== 'OUTBOUND' || !channels.includes(message.channel) || message.kind === 'INVITATION') {
    throw DomainError.business(
      `Only an outbound ${channels.join(' or ')} message can be ${what}; this one is ${message.direction} ${message.channel} ${message.kind}.`,
      {
        message_id: message.id,
        direction: message.direction,
        channel: message.channel,
        kind: message.kind,
      },
    );
  }
}

const messageEmbed = (
  m: Pick<MessageRow, 'id' | 'subject' | 'body' | 'channel' | 'direction' | 'sent_at' | 'step_number'>,
) => ({
  id: m.id,
  subject: m.channel === 'EMAIL' ? m.subject : null,
  body: m.body,
  channel: m.channel,
  direction: m.direction,
  sent_at: iso(m.sent_at),
  step_number: m.step_number,
});

const eventChannel = (channel: MessageRow['channel']) =>
  channel === 'EMAIL' || channel === 'LINKEDIN' ? channel : 'MANUAL';

/** Adds points to the run; at the threshold, the run's hot lead (once) and hot_lead.created. */
async function score(
  tx: EntityManager,
  run: RunRow,
  points: number,
  channel: MessageRow['channel'] | null,
): Promise<RunRow> {
  if (points <= 0) return run;
  const scored = await update(tx, run, { engagement_score: run.engagement_score + points });
  if (scored.engagement_score < HOT_LEAD_THRESHOLD) return scored;
  const hotLeadId = randomUUID();
  const inserted = await insertHotLead(tx, {
    id: hotLeadId,
    organization_id: run.organization_id,
    contact_id: run.contact_id,
    sequence_id: run.id,
    engagement_score: scored.engagement_score,
    created_at: new Date(),
  });
  if (inserted) {
    await emitEvent(
      tx,
      sequenceEvent(scored, 'hot_lead.created', {
        resourceType: 'HOT_LEAD',
        channel: channel ? eventChannel(channel) : null,
        hotLeadId,
        embeds: { hot_lead: { id: hotLeadId, engagement_score: scored.engagement_score } },
      }),
    );
  }
  return scored;
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

/**
 * An open or click from a tracking link, recorded under the message's organization; a message
 * deleted meanwhile is nothing to record. Never fails the reader: a failure is logged.
 */
async function recordTracked(
  deps: EngagementDeps,
  messageId: string,
  work: (organizationId: string) => Promise<unknown>,
): Promise<void> {
  try {
    const organizationId = await messageOrganization(deps.em.fork(), messageId);
    if (organizationId) await work(organizationId);
  } catch (error) {
    deps.logger?.warn({ err: error, messageId }, 'engagement not recorded');
  }
}

/** The tracking pixel of a message loaded: recordOpen() under its organization, never failing the reader. */
export function recordTrackedOpen(deps: EngagementDeps, messageId: string): Promise<void> {
  return recordTracked(deps, messageId, (organizationId) => recordOpen(deps, organizationId, messageId));
}

/** A tracked link of a message followed: recordClick() under its organization, never failing the reader. */
export function recordTrackedClick(deps: EngagementDeps, messageId: string, url: string): Promise<void> {
  return recordTracked(deps, messageId, (organizationId) => recordClick(deps, organizationId, messageId, url));
}

async function resultOf(
  tx: EntityManager,
  organizationId: string,
  messageId: string,
  run: RunRow | null,
): Promise<EngagementResult> {
  return { message: await getMessage(tx, organizationId, messageId), sequence: run ? toSequenceRecord(run) : null };
}

/** An email was opened (the tracking pixel, or the test helper). */
export async function recordOpen(
  deps: EngagementDeps,
  organizationId: string,
  messageId: string,
  at = new Date(),
): Promise<EngagementResult> {
  return recorded(deps, organizationId, async (tx) => {
    const message = await lockMessage(tx, organizationId, messageId);
    requireOutbound(message, ['EMAIL'], 'opened');
    await countOpen(tx, message.id, at);
    let run = message.sequence_id ? await lockRun(tx, message.sequence_id) : null;
    if (run && message.opened_at === null) {
      await emitEvent(
        tx,
        sequenceEvent(run, 'message.opened', {
          resourceType: 'MESSAGE',
          channel: 'EMAIL',
          messageId: message.id,
          embeds: { message: messageEmbed(message) },
        }),
      );
      run = await score(tx, run, ENGAGEMENT_POINTS.open, 'EMAIL');
    }
    return resultOf(tx, organizationId, message.id, run);
  });
}

/** A tracked link of an email was clicked. */
export async function recordClick(
  deps: EngagementDeps,
  organizationId: string,
  messageId: string,
  url: string | null,
  at = new Date(),
): Promise<EngagementResult> {
  return recorded(deps, organizationId, async (tx) => {
    const message = await lockMessage(tx, organizationId, messageId);
    requireOutbound(message, ['EMAIL'], 'clicked');
    await countClick(tx, message.id, at);
    let run = message.sequence_id ? await lockRun(tx, message.sequence_id) : null;
    if (run) {
      await emitEvent(
        tx,
        sequenceEvent(run, 'message.link_clicked', {
          resourceType: 'MESSAGE',
          channel: 'EMAIL',
          messageId: message.id,
          embeds: { message: messageEmbed(message) },
          fields: { url },
        }),
      );
      if (message.clicked_at === null) run = await score(tx, run, ENGAGEMENT_POINTS.click, 'EMAIL');
    }
    return resultOf(tx, organizationId, message.id, run);
  });
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
  if (optOut) {
    const c = await contactAddresses(tx, original.contact_id);
    if (c && (c.email || c.linkedin_url)) {
      // For good: a temporary or lapsed exclusion of the person becomes permanent.
      await ensureContactExclusion(
        tx,
        organizationId,
        { email: c.email, linkedin_url: c.linkedin_url, reason: 'UNSUBSCRIBED', until: null },
        { reason: 'replace' },
      );
    }
  }
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

/** An email bounced: the message and the contact's email are marked BOUNCED and a running run fails (stopped_reason BOUNCED). */
export async function recordBounce(
  deps: EngagementDeps,
  organizationId: string,
  messageId: string,
  at = new Date(),
): Promise<EngagementResult> {
  return recorded(deps, organizationId, (tx, changed) => applyBounce(tx, changed, organizationId, messageId, at));
}

/** recordBounce's writes in the caller's transaction; the run it ended is pushed onto `changed`. */
export async function applyBounce(
  tx: EntityManager,
  changed: string[],
  organizationId: string,
  messageId: string,
  at: Date,
): Promise<EngagementResult> {
  const message = await lockMessage(tx, organizationId, messageId);
  requireOutbound(message, ['EMAIL'], 'bounced');
  await markBounced(tx, message.id, message.contact_id, at);
  let run = message.sequence_id ? await lockRun(tx, message.sequence_id) : null;
  if (run && isRunningStatus(run.status)) {
    run = await end(tx, run, 'FAILED', 'BOUNCED');
    changed.push(run.id);
  }
  return resultOf(tx, organizationId, message.id, run);
}

/** The contact accepted the run's LinkedIn invitation (their latest one): invitation.accepted, once. */
export async function recordInvitationAccepted(
  deps: EngagementDeps,
  organizationId: string,
  contactId: string,
  at = new Date(),
): Promise<EngagementResult> {
  return recorded(deps, organizationId, async (tx) => {
    await requireContact(tx, organizationId, contactId);
    const latest = await latestInvitation(tx, organizationId, contactId);
    if (!latest)
      throw DomainError.business('No LinkedIn invitation was sent to this contact.', { contact_id: contactId });
    const invitation = await lockMessage(tx, organizationId, latest.id);
    let run = invitation.sequence_id ? await lockRun(tx, invitation.sequence_id) : null;
    if (invitation.accepted_at === null) {
      await markAccepted(tx, invitation.id, at);
      if (run) {
        await emitEvent(
          tx,
          sequenceEvent(run, 'invitation.accepted', {
            resourceType: 'INVITATION',
            channel: 'LINKEDIN',
            messageId: invitation.id,
            fields: { step_number: invitation.step_number },
          }),
        );
        run = await score(tx, run, ENGAGEMENT_POINTS.invitationAccepted, 'LINKEDIN');
      }
    }
    return resultOf(tx, organizationId, invitation.id, run);
  });
}

async function requireContact(tx: EntityManager, organizationId: string, contactId: string): Promise<void> {
  if (!(await isOrganizationContact(tx, organizationId, contactId))) throw DomainError.notFound('Contact');
}

export interface MeetingInput {
  title?: string;
  start_time?: string;
  end_time?: string;
  timezone?: string;
}

export interface MeetingRecord {
  id: string;
  contact_id: string;
  sequence_id: string | null;
  title: string;
  start_time: string;
  end_time: string;
  timezone: string;
  created_at: string;
}

export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * A meeting was booked with the contact: the meeting row, meeting.created on the contact's latest
 * running run (else latest run; no event without any run), and every running run of the contact
 * ends SUCCEEDED with stopped_reason MEETING_BOOKED.
 */
export async function recordMeeting(
  deps: EngagementDeps,
  organizationId: string,
  contactId: string,
  input: MeetingInput,
  at = new Date(),
): Promise<{ meeting: MeetingRecord; stopped_sequence_ids: string[] }> {
  const timezone = input.timezone ?? 'UTC';
  if (!isTimeZone(timezone))
    throw DomainError.invalid('timezone', 'must be an IANA time zone name (e.g. Europe/Paris)', 422);
  const start = input.start_time
    ? new Date(input.start_time)
    : new Date(Math.ceil(at.getTime() / HOUR_MS) * HOUR_MS + DAY_MS);
  const endTime = input.end_time ? new Date(input.end_time) : new Date(start.getTime() + 30 * 60_000);
  if (endTime.getTime() <= start.getTime()) throw DomainError.invalid('end_time', 'must be after start_time', 422);
  // endRuns records the RUN_CHANGED commands of the runs it ends; they are delivered after the commit.
  const booked = await recorded(deps, organizationId, async (tx) => {
    await requireContact(tx, organizationId, contactId);
    // Running runs first, then the newest.
    const rows = await contactRunsForMeeting(tx, organizationId, contactId, RUNNING_STATUSES);
    const anchor = rows[0] ? await lockRun(tx, rows[0].id) : null;
    const name = anchor ? [anchor.first_name, anchor.last_name].filter(Boolean).join(' ') || anchor.email : null;
    const meeting: MeetingRecord = {
      id: randomUUID(),
      contact_id: contactId,
      sequence_id: anchor?.id ?? null,
      title: input.title ?? `Meeting with ${name ?? 'contact'}`,
      start_time: start.toISOString(),
      end_time: endTime.toISOString(),
      timezone,
      created_at: at.toISOString(),
    };
    await insertMeeting(tx, {
      id: meeting.id,
      organization_id: organizationId,
      contact_id: contactId,
      sequence_id: meeting.sequence_id,
      title: meeting.title,
      start_time: start,
      end_time: endTime,
      timezone,
      created_at: at,
    });
    if (anchor) {
      await emitEvent(
        tx,
        sequenceEvent(anchor, 'meeting.created', {
          resourceType: 'MEETING',
          channel: 'MANUAL',
          calendarEventId: meeting.id,
          embeds: {
            meeting: {
              id: meeting.id,
              title: meeting.title,
              start_time: meeting.start_time,
              end_time: meeting.end_time,
              timezone,
            },
          },
        }),
      );
    }
    const stopped = await endRuns(
      tx,
      rows.filter((r) => isRunningStatus(r.status)).map((r) => r.id),
      'SUCCEEDED',
      'MEETING_BOOKED',
    );
    return { meeting, stopped_sequence_ids: stopped };
  });
  await deliverRunsChanged(deps.em, deps, booked.stopped_sequence_ids);
  return booked;
}
