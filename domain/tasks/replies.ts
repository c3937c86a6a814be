// The reply a reply task sends (execute with email_reply / linkedin_reply), exactly once: the reply
// is recorded as an outbound effect under the task's lock (prepareReply), performed with no lock
// held (deliverReply), and only then stored in the thread by the task's completion (execute.ts).
// A retried request for the same opening of the task finds the effect and never sends twice. An
// email goes out as a step's does: through the sender's connected mailbox when they have one (From
// its address), else the service's transport; it answers the thread (In-Reply-To, References).
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Row } from '../../db/kysely.ts';
import type { Providers } from '../../providers/index.ts';
import { messageIdHeader } from '../../providers/mail/index.ts';
import { DomainError } from '../shared/errors.ts';
import { HOLDING_STATUSES } from '../mailboxes/sync-view.ts';
import type { EmailRoute, MailboxSending } from '../mailboxes/mailbox-sending.ts';
import { emailEffects, linkedinEffects, type EmailRequest, type LinkedinRequest } from '../outbound/channels.ts';
import { findEffect, performOnce, recordEffect, type EffectOutcome } from '../outbound/effects.ts';
import type { RunRow } from '../sequences/runs.ts';
import { stepSender, type Sender } from '../sequences/senders.ts';
import { threadOf } from './reply-thread.ts';
import { dropRefusedEffect, mailboxState, replyContactRow } from './tasks.queries.ts';

export type ReplyPayload =
  { type: 'email_reply'; body: string; subject?: string } | { type: 'linkedin_reply'; body: string };

/** What a reply task knows of itself: enough to address its reply. */
export type ReplyTask = Pick<Row<'tasks'>, 'id' | 'contact_id' | 'message_id' | 'reopened_at'>;

/** A reply recorded as an effect, ready to deliver, and what the thread will show of it. */
export interface PreparedReply {
  key: string;
  channel: 'EMAIL' | 'LINKEDIN';
  contactId: string;
  subject: string | null;
  body: string;
  /** An email's sender: their connected mailbox sends it (as recorded, so a retry takes the same way). */
  senderId: string | null;
}

/** How replies go out: the channels, and (emails) the senders' connected mailboxes. */
export interface ReplyDeps {
  providers: Pick<Providers, 'mail' | 'linkedin'>;
  /** Routes an email through its sender's connected mailbox; absent, every email takes providers.mail. */
  mailboxes?: MailboxSending;
}

/** An email reply's intent: the email, and the sender whose mailbox sends it. */
type ReplyEmailRequest = EmailRequest & { senderId: string | null };
type ReplyContact = Pick<Row<'contacts'>, 'id' | 'first_name' | 'last_name' | 'email' | 'linkedin_url'>;

/** The run's sender, else its template's, else the key's user: From their connected mailbox's address when they have one. */
async function replySender(tx: EntityManager, run: RunRow | null, fallbackUserId: string): Promise<Sender | null> {
  return stepSender(tx, {
    sender_id: run?.sender_id ?? run?.template_sender_id ?? fallbackUserId,
    template_sender_id: null,
  });
}

/** The 422 of a reply its sender's mailbox cannot send now (nothing was sent; executing again after the fix sends it). */
function mailboxHeld(held: { status: string; lastError: string | null }): DomainError {
  return DomainError.business(
    `The sender's mailbox is ${held.status}${held.lastError ? ` (${held.lastError})` : ''}; nothing was sent. ` +
      'Fix the mailbox (mailbox test, or mailbox connect again) and execute the task again.',
    { mailbox_status: held.status },
  );
}

async function replyContact(tx: EntityManager, task: ReplyTask, run: RunRow | null): Promise<ReplyContact> {
  const id = task.contact_id ?? run?.contact_id;
  const contact = id ? await replyContactRow(tx, id) : undefined;
  if (!contact) throw DomainError.business('The task has no contact to reply to.');
  return contact;
}

/** One reply per opening of the task: a reopened task's reply is a new one. */
const openingOf = (task: ReplyTask) => (task.reopened_at ? new Date(task.reopened_at).getTime() : 0);
const replyKey = (task: ReplyTask) => `task-reply/${task.id}/${openingOf(task)}`;

/**
 * Under the task's lock: checks the reply can be sent and records it as an effect (or finds the
 * one an earlier attempt of the same request recorded). Refusals here are 422s.
 */
export async function prepareReply(
  tx: EntityManager,
  input: { organizationId: string; userId: string; task: ReplyTask; run: RunRow | null; payload: ReplyPayload },
): Promise<PreparedReply> {
  const { organizationId, task, run, payload } = input;
  const contact = await replyContact(tx, task, run);
  const sender = await replySender(tx, run, input.userId);
  const key = replyKey(task);
  if (payload.type === 'linkedin_reply') {
    if (!contact.linkedin_url) throw DomainError.business('The contact has no LinkedIn URL to reply to.');
    const request: LinkedinRequest = {
      action: 'MESSAGE',
      senderUserId: sender?.id ?? input.userId,
      linkedinUrl: contact.linkedin_url,
      text: payload.body,
    };
    const { effect } = await recordEffect(tx, {
      organizationId,
      key,
      kind: 'LINKEDIN_MESSAGE',
      sequenceId: run?.id ?? null,
      request,
    });
    return {
      key,
      channel: 'LINKEDIN',
      contactId: contact.id,
      subject: null,
      body: effect.request.text ?? '',
      senderId: null,
    };
  }
  if (!contact.email) throw DomainError.business('The contact has no email address to reply to.');
  // A mailbox that needs fixing refuses a new reply before it is recorded (one recorded earlier is looked up when delivered).
  if (sender?.mailbox_status && HOLDING_STATUSES.includes(sender.mailbox_status) && !(await findEffect(tx, key))) {
    const held = await mailboxState(tx, sender.mailbox_id!);
    throw mailboxHeld({ status: sender.mailbox_status, lastError: held?.last_error ?? null });
  }
  const thread = task.message_id
    ? await threadOf(tx, task.message_id)
    : { subject: null, inReplyTo: null, references: [] };
  const original = thread.subject ?? '';
  const subject = payload.subject ?? (/^re:/i.test(original) ? original : `Re: ${original}`.trim());
  const fromEmail = sender?.email ?? 'no-reply@outreach.invalid';
  const domain = fromEmail.split('@')[1] ?? 'outreach.invalid';
  const headers: Record<string, string> = {};
  if (thread.inReplyTo) headers['In-Reply-To'] = thread.inReplyTo;
  if (thread.references.length) headers.References = thread.references.join(' ');
  const request: ReplyEmailRequest = {
    from: { name: sender?.name ?? 'Outreach', email: fromEmail },
    to: { name: [contact.first_name, contact.last_name].filter(Boolean).join(' ') || undefined, email: contact.email },
    subject,
    text: payload.body,
    headers,
    messageId: messageIdHeader(`task-${task.id}-${openingOf(task)}@${domain}`),
    senderId: sender?.id ?? null,
  };
  const { effect } = await recordEffect(tx, {
    organizationId,
    key,
    kind: 'EMAIL',
    sequenceId: run?.id ?? null,
    request,
  });
  return {
    key,
    channel: 'EMAIL',
    contactId: contact.id,
    subject: effect.request.subject,
    body: effect.request.text,
    senderId: effect.request.senderId ?? null,
  };
}

/** A recorded reply that went out already: its outcome (a held mailbox does not hide a reply it sent). */
async function sentEarlier(em: EntityManager, key: string): Promise<EffectOutcome | null> {
  const effect = await findEffect<ReplyEmailRequest>(em, key);
  if (effect?.state !== 'DONE' && effect?.state !== 'UNCONFIRMED') return null;
  return { state: effect.state, providerId: effect.result?.providerId ?? key };
}

/** An email through its route: a mailbox whose login is refused or whose server is gone is marked, and the reply refused (422). */
async function sendEmail(
  em: EntityManager,
  mailboxes: MailboxSending,
  route: Extract<EmailRoute, { kind: 'TRANSPORT' }>,
  reply: PreparedReply,
): Promise<EffectOutcome> {
  try {
    return await performOnce<EmailRequest>(em, reply.key, emailEffects(route.mail));
  } catch (error) {
    if (!(await mailboxes.failed(em, route, error))) throw error;
    const marked = await mailboxState(em, route.mailboxId!);
    throw mailboxHeld({ status: marked?.status ?? 'ERROR', lastError: marked?.last_error ?? null });
  } finally {
    route.close();
  }
}

/** With no lock held: sends the recorded reply exactly once (an email through its sender's connected mailbox when there is one). */
export async function deliverReply(em: EntityManager, deps: ReplyDeps, reply: PreparedReply): Promise<EffectOutcome> {
  if (reply.channel === 'LINKEDIN')
    return performOnce<LinkedinRequest>(em, reply.key, linkedinEffects(deps.providers.linkedin));
  if (!deps.mailboxes) return performOnce<EmailRequest>(em, reply.key, emailEffects(deps.providers.mail));
  const route = await deps.mailboxes.route(em, reply.senderId);
  if (route.kind === 'HELD') {
    const sent = await sentEarlier(em, reply.key);
    if (sent) return sent;
    throw mailboxHeld(route);
  }
  return sendEmail(em, deps.mailboxes, route, reply);
}

/**
 * The provider id of a sent reply, or the 422 of a refusal. A refused reply's effect is dropped:
 * nothing went out, so a later request for the same opening may try again.
 */
export async function sentReplyId(em: EntityManager, reply: PreparedReply, outcome: EffectOutcome): Promise<string> {
  if (outcome.state === 'DONE' || outcome.state === 'UNCONFIRMED') return outcome.providerId;
  await dropRefusedEffect(em, reply.key);
  const reason = outcome.state === 'REFUSED' ? (outcome.error ?? 'no reason given') : 'cancelled';
  throw DomainError.business(
    reply.channel === 'EMAIL'
      ? `The email was refused by the receiving side: ${reason}.`
      : `LinkedIn refused the message: ${reason}.`,
  );
}
