// Which outbound email of the service an inbox message is about. By Message-ID first: the ids a
// reply names (In-Reply-To, References; at most REFERENCES_KEPT) or the original a bounce carries,
// looked up in the ledger of sent emails (outbound_effects, whose Message-ID is unique) and in
// messages.provider_message_id, in two queries whatever the number of ids. Failing that, by person:
// a reply or auto-reply from a contact whose latest outbound email from this mailbox's sender
// (within MATCH_WINDOW_DAYS) has the subject it answers; a standard delivery report (DSN) whose
// failed recipient this sender emailed within the window. A bounce in free text that names no
// message the service sent matches nothing: anyone can write "postmaster" and an address.
import type { EntityManager } from '@mikro-orm/postgresql';
import { DAY_MS } from '../shared/time.ts';
import { derivedUuid } from '../engagement/tracking.ts';
import { subjectAnswers } from './inbox-classify.ts';
import { bareMessageId } from './inbox-message.ts';
import {
  emailEffectsByMessageId,
  outboundEmailsByProviderId,
  recentEmailsTo,
  recipientEmail,
  storedOutboundIds,
} from './inbox.queries.ts';

/** How far back the fallback looks for the email a message without usable ids answers. */
export const MATCH_WINDOW_DAYS = 30;

export interface MailboxRef {
  id: string;
  organizationId: string;
  /** The sender the mailbox belongs to. */
  userId: string;
}

export interface SentMatch {
  messageId: string;
  /** How it was found: by a Message-ID it names, or by its sender and subject / recipient. */
  via: 'MESSAGE_ID' | 'CONTACT';
}

const STEP_KEY = /^sequence-step\/([0-9a-f-]{36})\/(\d+)$/;

/** The outbound email of this organization sent under one of `ids` (bare Message-IDs), first id first. */
export async function sentMessageByIds(
  em: EntityManager,
  organizationId: string,
  ids: string[],
): Promise<string | null> {
  if (!ids.length) return null;
  const forms = [...new Set(ids.flatMap((id) => [`<${id}>`, id]))];
  const effects = await emailEffectsByMessageId(em, organizationId, forms);
  // A run's step message has an id derived from the run and the step.
  const stepMessageOf = new Map<string, string>();
  for (const effect of effects) {
    const step = STEP_KEY.exec(effect.key);
    if (step && typeof effect.message_id === 'string')
      stepMessageOf.set(bareMessageId(effect.message_id), derivedUuid(`${step[1]}:${step[2]}`));
  }
  // One after the other: the activity holds at most one connection for its reads.
  const stepMessages = stepMessageOf.size
    ? await storedOutboundIds(em, organizationId, [...stepMessageOf.values()])
    : [];
  const byProvider = await outboundEmailsByProviderId(em, organizationId, forms);
  const stored = new Set(stepMessages.map((m) => m.id));
  const providerOf = new Map<string, string>();
  for (const message of byProvider) {
    const id = bareMessageId(message.provider_message_id ?? '');
    if (!providerOf.has(id)) providerOf.set(id, message.id);
  }
  for (const id of ids) {
    const step = stepMessageOf.get(id);
    if (step && stored.has(step)) return step;
    const provider = providerOf.get(id);
    if (provider) return provider;
  }
  return null;
}

/** Outbound emails to a contact address from this mailbox's sender, newest first, within the window. */
function recentEmailsFromSender(em: EntityManager, mailbox: MailboxRef, address: string, now: Date) {
  return recentEmailsTo(
    em,
    mailbox.organizationId,
    mailbox.userId,
    address.toLowerCase(),
    new Date(now.getTime() - MATCH_WINDOW_DAYS * DAY_MS),
  );
}

/** The email a reply (or auto-reply) answers: by the ids it names, else by its sender and subject. */
export async function matchReply(
  em: EntityManager,
  mailbox: MailboxRef,
  reply: { referencedIds: string[]; from: string | null; subject: string },
  now: Date,
): Promise<SentMatch | null> {
  const byId = await sentMessageByIds(em, mailbox.organizationId, reply.referencedIds);
  if (byId) return { messageId: byId, via: 'MESSAGE_ID' };
  if (!reply.from) return null;
  const sent = (await recentEmailsFromSender(em, mailbox, reply.from, now)).find((m) =>
    subjectAnswers(reply.subject, m.subject),
  );
  return sent ? { messageId: sent.id, via: 'CONTACT' } : null;
}

/**
 * The email a bounce reports: by the original's Message-ID; else, for a standard delivery report
 * only, the latest email from this sender to its failed recipient within the window.
 */
export async function matchBounce(
  em: EntityManager,
  mailbox: MailboxRef,
  bounce: { originalMessageId: string | null; recipient: string | null; format: 'DSN' | 'TEXT' },
  now: Date,
): Promise<SentMatch | null> {
  if (bounce.originalMessageId) {
    const byId = await sentMessageByIds(em, mailbox.organizationId, [bounce.originalMessageId]);
    if (byId) return { messageId: byId, via: 'MESSAGE_ID' };
  }
  if (bounce.format !== 'DSN' || !bounce.recipient) return null;
  const [latest] = await recentEmailsFromSender(em, mailbox, bounce.recipient, now);
  return latest ? { messageId: latest.id, via: 'CONTACT' } : null;
}

/** The address of the contact the matched outbound email went to (lower-cased), or null. */
export async function recipientOf(
  em: EntityManager,
  organizationId: string,
  messageId: string,
): Promise<string | null> {
  const email = await recipientEmail(em, organizationId, messageId);
  return email ? email.toLowerCase() : null;
}
