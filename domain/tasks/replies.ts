// The reply a reply task sends (execute with email_reply / linkedin_reply), exactly once: the reply
// is recorded as an outbound effect under the task's lock (prepareReply), performed with no lock
// held (deliverReply), and only then stored in the thread by the task's completion (execute.ts).
// A retried request for the same opening of the task finds the effect and never sends twice.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely, type Row } from '../../db/kysely.ts';
import type { Providers } from '../../providers/index.ts';
import { messageIdHeader } from '../../providers/mail/index.ts';
import { DomainError } from '../shared/errors.ts';
import { emailEffects, linkedinEffects, type EmailRequest, type LinkedinRequest } from '../outbound/channels.ts';
import { performOnce, recordEffect, type EffectOutcome } from '../outbound/effects.ts';
import type { RunRow } from '../sequences/runs.ts';

export type ReplyPayload = { type: 'email_reply'; body: string; subject?: string } | { type: 'linkedin_reply'; body: string };

/** What a reply task knows of itself: enough to address its reply. */
export type ReplyTask = Pick<Row<'tasks'>, 'id' | 'contact_id' | 'message_id' | 'reopened_at'>;

/** A reply recorded as an effect, ready to deliver, and what the thread will show of it. */
export interface PreparedReply {
  key: string;
  channel: 'EMAIL' | 'LINKEDIN';
  contactId: string;
  subject: string | null;
  body: string;
}

type SenderRow = Pick<Row<'users'>, 'id' | 'name' | 'email' | 'mailbox_email'>;
type ReplyContact = Pick<Row<'contacts'>, 'id' | 'first_name' | 'last_name' | 'email' | 'linkedin_url'>;

async function replySender(tx: EntityManager, run: RunRow | null, fallbackUserId: string): Promise<SenderRow | null> {
  const id = run?.sender_id ?? run?.template_sender_id ?? fallbackUserId;
  return await typedKysely(tx).selectFrom('users').select(['id', 'name', 'email', 'mailbox_email']).where('id', '=', id).executeTakeFirst() ?? null;
}

async function replyContact(tx: EntityManager, task: ReplyTask, run: RunRow | null): Promise<ReplyContact> {
  const id = task.contact_id ?? run?.contact_id;
  const contact = id
    ? await typedKysely(tx).selectFrom('contacts').select(['id', 'first_name', 'last_name', 'email', 'linkedin_url']).where('id', '=', id).executeTakeFirst()
    : undefined;
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
export async function prepareReply(tx: EntityManager, input: { organizationId: string; userId: string; task: ReplyTask; run: RunRow | null; payload: ReplyPayload }): Promise<PreparedReply> {
  const { organizationId, task, run, payload } = input;
  const contact = await replyContact(tx, task, run);
  const sender = await replySender(tx, run, input.userId);
  const key = replyKey(task);
  if (payload.type === 'linkedin_reply') {
    if (!contact.linkedin_url) throw DomainError.business('The contact has no LinkedIn URL to reply to.');
    const request: LinkedinRequest = { action: 'MESSAGE', senderUserId: sender?.id ?? input.userId, linkedinUrl: contact.linkedin_url, text: payload.body };
    const { effect } = await recordEffect(tx, { organizationId, key, kind: 'LINKEDIN_MESSAGE', sequenceId: run?.id ?? null, request });
    return { key, channel: 'LINKEDIN', contactId: contact.id, subject: null, body: effect.request.text ?? '' };
  }
  if (!contact.email) throw DomainError.business('The contact has no email address to reply to.');
  const inbound = task.message_id
    ? await typedKysely(tx).selectFrom('messages').select(['subject', 'provider_message_id']).where('id', '=', task.message_id).executeTakeFirst()
    : undefined;
  const original = inbound?.subject ?? '';
  const subject = payload.subject ?? (/^re:/i.test(original) ? original : `Re: ${original}`.trim());
  const fromEmail = sender?.mailbox_email ?? sender?.email ?? 'no-reply@outreach.invalid';
  const domain = fromEmail.split('@')[1] ?? 'outreach.invalid';
  const headers: Record<string, string> = {};
  if (inbound?.provider_message_id) {
    headers['In-Reply-To'] = messageIdHeader(inbound.provider_message_id);
    headers.References = messageIdHeader(inbound.provider_message_id);
  }
  const request: EmailRequest = {
    from: { name: sender?.name ?? 'Outreach', email: fromEmail },
    to: { name: [contact.first_name, contact.last_name].filter(Boolean).join(' ') || undefined, email: contact.email },
    subject, text: payload.body, headers,
    messageId: messageIdHeader(`task-${task.id}-${openingOf(task)}@${domain}`),
  };
  const { effect } = await recordEffect(tx, { organizationId, key, kind: 'EMAIL', sequenceId: run?.id ?? null, request });
  return { key, channel: 'EMAIL', contactId: contact.id, subject: effect.request.subject, body: effect.request.text };
}

/** With no lock held: sends the recorded reply exactly once. */
export function deliverReply(em: EntityManager, providers: Pick<Providers, 'mail' | 'linkedin'>, reply: PreparedReply): Promise<EffectOutcome> {
  return reply.channel === 'EMAIL'
    ? performOnce<EmailRequest>(em, reply.key, emailEffects(providers.mail))
    : performOnce<LinkedinRequest>(em, reply.key, linkedinEffects(providers.linkedin));
}

/**
 * The provider id of a sent reply, or the 422 of a refusal. A refused reply's effect is dropped:
 * nothing went out, so a later request for the same opening may try again.
 */
export async function sentReplyId(em: EntityManager, reply: PreparedReply, outcome: EffectOutcome): Promise<string> {
  if (outcome.state === 'DONE' || outcome.state === 'UNCONFIRMED') return outcome.providerId;
  await typedKysely(em).deleteFrom('outbound_effects').where('key', '=', reply.key).where('state', 'in', ['REFUSED', 'CANCELLED']).execute();
  const reason = outcome.state === 'REFUSED' ? outcome.error ?? 'no reason given' : 'cancelled';
  throw DomainError.business(reply.channel === 'EMAIL' ? `The email was refused by the receiving side: ${reason}.` : `LinkedIn refused the message: ${reason}.`);
}
