// One step of a sequence run, in three parts so that no provider is called under the run's lock:
// prepare (under the lock: the checks, a CALL task, or the message rendered once and recorded as an
// outbound effect with the sender's daily count, and a paced sender's send slot: the run waits for
// it and comes back, domain/sequences/send-slot.ts), deliver (no transaction: the effect performed
// exactly once), record (under the lock: the message row, the run's progress and its event).
// A retry at any point finds the effect by its key and never sends twice.
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { emitEvent } from '../domain/activity/emit.ts';
import { exclusionFor } from '../domain/exclusions/exclusions.service.ts';
import { emailEffects, linkedinEffects, type EmailRequest, type LinkedinRequest } from '../domain/outbound/channels.ts';
import {
  findEffect,
  performOnce,
  recordEffect,
  type EffectOutcome,
  type EffectRow,
} from '../domain/outbound/effects.ts';
import {
  emailVariables,
  renderStepText as render,
  stepEmail,
  stepVariables,
  unsubscribeUrl,
} from '../domain/sequences/step-email.ts';
import { emailThread } from '../domain/sequences/email-thread.ts';
import { end, sequenceEvent, update, waitsOnCall, type RunRow } from '../domain/sequences/runs.ts';
import { isRunningStatus } from '../domain/sequences/statuses.ts';
import { isPaused, pauseStateOf } from '../domain/sequences/pause.ts';
import { countSend, stepSender, uncountSend } from '../domain/sequences/senders.ts';
import { effectiveDailyLimit, rampOf } from '../domain/sequences/send-limit.ts';
import { pacedEmail, recordedSlot, reserveSlot, runAllowed, senderPacing } from '../domain/sequences/send-slot.ts';
import { slotOf } from '../domain/mailboxes/send-slots.queries.ts';
import { senderPaused } from '../domain/mailboxes/reputation.queries.ts';
import { insertCallTask, insertStepMessage } from '../domain/sequences/step-writes.ts';
import { truncateText } from '../domain/shared/text.ts';
import { stepText } from '../domain/sequences/variants.ts';
import { decidedVariant } from '../domain/sequences/ab-decision.ts';
import { derivedUuid } from '../domain/engagement/tracking.ts';
import { unsubscribeHeaders } from '../providers/mail/index.ts';
import type { Providers } from '../providers/index.ts';
import type { RunStepInput, RunStepResult } from '../workflows/sequence.definitions.ts';
import { HOLDING_STATUSES } from '../domain/mailboxes/sync-view.ts';
import type { MailboxSending } from './mailbox-send.ts';

/** Task titles are at most this many characters (the full text goes to the notes). */
export const TASK_TITLE_MAX = 200;
/** LinkedIn's limit on an invitation note. */
export const LINKEDIN_NOTE_MAX = 300;

export interface StepDeps {
  providers: Pick<Providers, 'mail' | 'linkedin'>;
  /** Emails of senders with a connected mailbox go out through it (the providers' mail otherwise). */
  mailboxes: MailboxSending;
  /** The service's public base URL and the tokens' secret (domain/sequences/step-email.ts). */
  baseUrl: string;
  secret: string;
  /** The shared transport is SMTP (paced by default); the sandbox transport sends unpaced unless a sender is given settings. */
  sharedTransportPaced: boolean;
  warn(message: string, fields: Record<string, unknown>): void;
}

/** A message step ready to deliver: its effect recorded (now or by an earlier attempt). */
export interface PreparedSend {
  key: string;
  kind: 'EMAIL' | 'LINKEDIN_INVITATION' | 'LINKEDIN_MESSAGE';
  messageId: string;
  senderId: string | null;
  subject: string | null;
  body: string;
  /** The step's variant the run got (null: the step has one text), as its effect recorded it. */
  variant: number | null;
}

const result = (
  outcome: RunStepResult['outcome'],
  r: Pick<RunRow, 'status'>,
  extra: Partial<RunStepResult> = {},
): RunStepResult => ({ outcome, taskId: null, messageId: null, status: r.status, ...extra });

/** The effect key of a run's step: one message per step, whatever the channel. */
export const stepEffectKey = (sequenceId: string, stepNumber: number) => `sequence-step/${sequenceId}/${stepNumber}`;

/** Midnight UTC after `at`: when a sender's daily count starts again. */
function nextUtcDay(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

function preparedOf(
  effect: EffectRow<EmailRequest | LinkedinRequest>,
  messageId: string,
  senderId: string | null,
): PreparedSend {
  const kind = effect.kind as PreparedSend['kind'];
  const variant = (effect.request as { variant?: number | null }).variant ?? null;
  if (kind === 'EMAIL') {
    const email = effect.request as EmailRequest;
    return {
      key: effect.key,
      kind,
      messageId,
      senderId,
      subject: email.subject,
      body: (email as EmailRequest & { body?: string }).body ?? email.text,
      variant,
    };
  }
  const action = effect.request as LinkedinRequest & { body?: string };
  return { key: effect.key, kind, messageId, senderId, subject: null, body: action.body ?? action.text ?? '', variant };
}

/**
 * Under the run's lock: decides what the step does. Answers the step's result when it needs no
 * provider (skipped, ended, paused, a CALL task created...), else the recorded send to deliver.
 */
export async function prepareStep(
  deps: StepDeps,
  em: EntityManager,
  row: RunRow,
  input: RunStepInput,
): Promise<RunStepResult | PreparedSend> {
  const messageId = derivedUuid(`${row.id}:${input.stepNumber}`);
  if (row.current_step >= input.stepNumber) return result('SENT', row); // a retry after the commit
  // An attempt that recorded (and maybe performed) this step's message goes on with it: it is never rendered or counted again.
  const recorded = await findEffect<EmailRequest | LinkedinRequest>(em, stepEffectKey(row.id, input.stepNumber));
  const slot = recorded && (await recordedSlot(em, row, recorded, new Date(input.at)));
  if (slot instanceof Date) return result('SLOT', row, { slotAt: slot.toISOString() });
  if (recorded && !slot) {
    const senderId = (recorded.request as { senderId?: string }).senderId ?? null;
    // An email recorded before its sender was paused, and not handed to a transport yet, waits too.
    if (recorded.kind === 'EMAIL' && recorded.state === 'PENDING' && senderId && (await senderPaused(em, senderId)))
      return result('REPUTATION', row);
    return preparedOf(recorded, messageId, senderId);
  }
  // Early, while the window is closed: only a paced sender's email reserves its slot now (earliest due first).
  if (input.reserveOnly && !(await pacedEmail(em, row, input.stepNumber, deps.sharedTransportPaced)))
    return result('WINDOW', row);

  if (!isRunningStatus(row.status)) return result('ENDED', row);
  if (isPaused(row)) return result('PAUSED', row, { pause: pauseStateOf(row) });
  if (row.replied_at !== null) return result('HALTED', row);
  if (row.template_status === 'ARCHIVED')
    return result('ENDED', await end(em, row, 'STOPPED_EARLY', 'TEMPLATE_STOPPED'));
  if (row.template_status === 'INACTIVE' || row.template_status === 'PENDING_SETUP') return result('HELD', row);
  const at = new Date(input.at);
  // The locked row carries the contact's identifiers and its account's domain: no second read of them.
  const verdict = await exclusionFor(
    em,
    row.organization_id,
    { email: row.email, linkedinUrl: row.linkedin_url, accountDomain: row.account_domain },
    at,
  );
  if (verdict.excluded) return result('ENDED', await end(em, row, 'STOPPED_EARLY', 'EXCLUDED'));

  const step = row.steps[input.stepNumber - 1];
  if (!step) return result('ENDED', row);
  const email = row.email && !['BOUNCED', 'UNDELIVERABLE'].includes(row.email_status) ? row.email : null;
  const missing =
    (step.type === 'EMAIL' && !email) ||
    ((step.type === 'LINKEDIN_INVITATION' || step.type === 'LINKEDIN_MESSAGE') && !row.linkedin_url);
  if (missing) return noChannel(em, row, input);

  const from = await stepSender(em, row);
  if (from?.removed) return result('ENDED', await end(em, row, 'STOPPED_EARLY', 'SENDER_REMOVED'));
  const variables = await stepVariables(em, row, from);
  if (step.type === 'CALL') {
    const taskId = randomUUID();
    const notes = await render(step.body, variables);
    const title = truncateText(notes, TASK_TITLE_MAX);
    await insertCallTask(em, row, {
      id: taskId,
      stepNumber: input.stepNumber,
      assigneeId: row.task_assignee_id ?? from?.id ?? null,
      title,
      notes,
      at,
    });
    const updated = await update(em, row, { current_step: input.stepNumber, status: 'WAITING_FOR_USER' });
    await emitEvent(
      em,
      sequenceEvent(updated, 'task.created', {
        resourceType: 'TASK',
        channel: 'MANUAL',
        taskId,
        embeds: { task: { id: taskId, type: 'CALL', status: 'PENDING', title, step_number: input.stepNumber } },
        fields: { step_number: input.stepNumber },
      }),
    );
    return result('TASK', updated, { taskId });
  }

  // The run's variant of the step, the same on every attempt (a hash of the run and the step); recorded with the effect.
  const text = stepText(step, row.id, input.stepNumber, await decidedVariant(em, row, step, input.stepNumber, at));
  const variant = text.variant;
  // An email's text may place the run's unsubscribe link (`{{ unsubscribe_url }}`, in a footer of its own).
  const textVariables =
    step.type === 'EMAIL' ? emailVariables(variables, unsubscribeUrl(deps, row, row.id)) : variables;
  const body = await render(text.body, textVariables);
  const key = stepEffectKey(row.id, input.stepNumber);
  if (step.type === 'EMAIL') {
    // A sender paused for their reputation, or a mailbox that needs fixing, holds the email before it is recorded or counted.
    if (from?.reputation_paused_at) return result('REPUTATION', row);
    if (from?.mailbox_id && from.mailbox_status && HOLDING_STATUSES.includes(from.mailbox_status))
      return result('MAILBOX', row, { mailboxId: from.mailbox_id });
    const pacing = from && senderPacing(from, deps.sharedTransportPaced);
    const limit = from && effectiveDailyLimit(from.daily_send_limit, rampOf(from), at);
    // A step that continues the thread replies under the thread's subject; its variants differ by body only.
    const thread = await emailThread(em, row.id, row.steps, input.stepNumber, text.subject);
    const subject =
      'reply' in thread.subject ? thread.subject.reply : await render(thread.subject.template, textVariables);
    const domain = from?.email.split('@')[1] ?? 'outreach.invalid';
    const parts = stepEmail(deps, row, { sequenceId: row.id, messageId }, body);
    const request: EmailRequest & {
      body: string;
      senderId: string | null;
      threadSubject?: string;
      variant: number | null;
    } = {
      from: { name: from?.name ?? 'Outreach', email: from?.email ?? `no-reply@${domain}` },
      to: { name: [row.first_name, row.last_name].filter(Boolean).join(' ') || undefined, email: email! },
      subject,
      text: parts.text,
      html: parts.html,
      headers: { ...unsubscribeHeaders(parts.unsubscribeUrl), ...thread.headers },
      ...(thread.threadSubject === null ? {} : { threadSubject: thread.threadSubject }),
      // The send's key at the transport: a retried send carries the same Message-ID.
      messageId: `<seq-${row.id}-step-${input.stepNumber}@${domain}>`,
      body,
      senderId: from?.id ?? null,
      variant,
    };
    // The sender's count (or paced slot) last, right before the commit: every send of the sender
    // waits for its row, so the row's lock is held for two statements, not for the thread's read
    // and the rendering above.
    const slotAt =
      from &&
      pacing &&
      (await reserveSlot(em, { effectKey: key, sequenceId: row.id, sender: from, pacing, at }, runAllowed(row, at)));
    if (pacing && !slotAt) return result('DEFERRED', row, { retryAt: nextUtcDay(at).toISOString() });
    if (from && !pacing && !(await countSend(em, from.id, limit!, at)))
      return result('DEFERRED', row, { retryAt: nextUtcDay(at).toISOString() });
    await recordEffect(em, { organizationId: row.organization_id, key, kind: 'EMAIL', sequenceId: row.id, request });
    if (slotAt && slotAt > at) return result('SLOT', row, { slotAt: slotAt.toISOString() });
    return { key, kind: 'EMAIL', messageId, senderId: from?.id ?? null, subject, body, variant };
  }
  const invitation = step.type === 'LINKEDIN_INVITATION';
  const request: LinkedinRequest & { body: string; senderId: string | null; variant: number | null } = {
    action: invitation ? 'INVITATION' : 'MESSAGE',
    senderUserId: from?.id ?? row.organization_id,
    linkedinUrl: row.linkedin_url!,
    text: invitation ? truncateText(body, LINKEDIN_NOTE_MAX) || null : body,
    body,
    senderId: from?.id ?? null,
    variant,
  };
  const kind = invitation ? 'LINKEDIN_INVITATION' : 'LINKEDIN_MESSAGE';
  await recordEffect(em, { organizationId: row.organization_id, key, kind, sequenceId: row.id, request });
  return { key, kind, messageId, senderId: from?.id ?? null, subject: null, body, variant };
}

/** No way to reach the contact on the step's channel: skip the step or end the run, as the template says. */
async function noChannel(em: EntityManager, row: RunRow, input: RunStepInput): Promise<RunStepResult> {
  if (row.on_missing_channel === 'SKIP_STEP') {
    const running = waitsOnCall(row) ? 'ACTIVE' : row.status;
    return result('SKIPPED', await update(em, row, { current_step: input.stepNumber, status: running }));
  }
  return result('ENDED', await end(em, row, 'STOPPED_EARLY', 'NO_CHANNEL'));
}

/**
 * Outside any transaction: performs the step's effect exactly once. An email of a sender whose
 * mailbox needs fixing is not sent (HELD; its effect stays recorded for the next try).
 */
export async function deliverStep(
  deps: StepDeps,
  em: EntityManager,
  send: PreparedSend,
): Promise<EffectOutcome | { state: 'HELD'; mailboxId: string }> {
  if (send.kind !== 'EMAIL')
    return performOnce<LinkedinRequest>(em, send.key, linkedinEffects(deps.providers.linkedin), deps.warn);
  const route = await deps.mailboxes.route(em, send.senderId);
  if (route.kind === 'HELD') return { state: 'HELD', mailboxId: route.mailboxId };
  try {
    return await performOnce<EmailRequest>(em, send.key, emailEffects(route.mail), deps.warn);
  } catch (error) {
    if (await deps.mailboxes.failed(em, route, error)) return { state: 'HELD', mailboxId: route.mailboxId! };
    throw error;
  } finally {
    route.close();
  }
}

/**
 * Under the run's lock again: a performed message becomes the run's message row and event, even
 * when the run was stopped or paused meanwhile (it did go out); a refused one skips or ends the step.
 */
export async function recordStep(
  em: EntityManager,
  row: RunRow,
  input: RunStepInput,
  send: PreparedSend,
  outcome: EffectOutcome,
): Promise<RunStepResult> {
  if (row.current_step >= input.stepNumber) return result('SENT', row, { messageId: send.messageId });
  const running = isRunningStatus(row.status);
  if (outcome.state === 'CANCELLED') return result(running ? 'SKIPPED' : 'ENDED', row);
  if (outcome.state === 'REFUSED') {
    // A paced email was counted on its slot's day.
    if (send.kind === 'EMAIL' && send.senderId)
      await uncountSend(em, send.senderId, (await slotOf(em, send.key)) ?? new Date(input.at));
    return running ? noChannel(em, row, input) : result('ENDED', row);
  }
  const at = new Date(input.at);
  const channel = send.kind === 'EMAIL' ? 'EMAIL' : 'LINKEDIN';
  const kind = send.kind === 'LINKEDIN_INVITATION' ? 'INVITATION' : 'MESSAGE';
  await insertStepMessage(em, row, {
    id: send.messageId,
    channel,
    kind,
    subject: send.subject,
    body: send.body,
    step_number: input.stepNumber,
    provider_message_id: outcome.providerId,
    sent_at: at,
    sender_id: send.senderId,
    variant: send.variant,
  });
  // A CALL wait is over once the next step runs; a pause, a reply's wait or an end that came meanwhile stays.
  const status = running && waitsOnCall(row) ? 'ACTIVE' : row.status;
  const updated = await update(em, row, { current_step: input.stepNumber, status });
  if (kind === 'INVITATION') {
    await emitEvent(
      em,
      sequenceEvent(updated, 'invitation.sent', {
        resourceType: 'INVITATION',
        channel,
        messageId: send.messageId,
        fields: { step_number: input.stepNumber },
      }),
    );
  } else {
    const message = {
      id: send.messageId,
      subject: send.subject,
      body: send.body,
      channel,
      direction: 'OUTBOUND',
      sent_at: at.toISOString(),
      step_number: input.stepNumber,
      variant: send.variant,
    };
    await emitEvent(
      em,
      sequenceEvent(updated, 'message.sent', {
        resourceType: 'MESSAGE',
        channel,
        messageId: send.messageId,
        embeds: { message },
        fields: { step_number: input.stepNumber },
      }),
    );
  }
  return result(running ? 'SENT' : 'ENDED', updated, { messageId: send.messageId });
}
