// Which outbound email of the service an inbox message is about. By Message-ID first: the ids a
// reply names (In-Reply-To, References) or the original a bounce carries, looked up in the ledger
// of sent emails (outbound_effects, whose Message-ID is unique) and in messages.provider_message_id.
// Failing that, by person: a reply or auto-reply from a contact whose latest outbound email from
// this mailbox's sender (within MATCH_WINDOW_DAYS) has the subject it answers; a bounce naming a
// failed recipient matches the latest outbound email to that address from this sender.
import type { EntityManager } from '@mikro-orm/postgresql';
import { typedKysely } from '../../db/kysely.ts';
import { DAY_MS } from '../shared/time.ts';
import { derivedUuid } from '../engagement/tracking.ts';
import { subjectAnswers } from './inbox-classify.ts';

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
export async function sentMessageByIds(em: EntityManager, organizationId: string, ids: string[]): Promise<string | null> {
  const db = typedKysely(em);
  for (const id of ids) {
    const forms = [`<${id}>`, id];
    const effect = await db.selectFrom('outbound_effects').select(['key', 'sequence_id'])
      .where((eb) => eb(eb.ref('request', '->>').key('messageId'), 'in', forms))
      .where('kind', '=', 'EMAIL').where('organization_id', '=', organizationId)
      .executeTakeFirst();
    const step = effect ? STEP_KEY.exec(effect.key) : null;
    if (step) {
      // A run's step message has an id derived from the run and the step.
      const found = await db.selectFrom('messages').select('id')
        .where('id', '=', derivedUuid(`${step[1]}:${step[2]}`)).where('organization_id', '=', organizationId).where('direction', '=', 'OUTBOUND')
        .executeTakeFirst();
      if (found) return found.id;
    }
    const byProvider = await db.selectFrom('messages').select('id')
      .where('organization_id', '=', organizationId).where('provider_message_id', 'in', forms)
      .where('direction', '=', 'OUTBOUND').where('channel', '=', 'EMAIL')
      .orderBy('sent_at', 'desc').limit(1)
      .executeTakeFirst();
    if (byProvider) return byProvider.id;
  }
  return null;
}

/** Outbound emails to a contact address from this mailbox's sender, newest first, within the window. */
function recentEmailsTo(em: EntityManager, mailbox: MailboxRef, address: string, now: Date) {
  return typedKysely(em).selectFrom('messages as m')
    .innerJoin('contacts as c', 'c.id', 'm.contact_id')
    .leftJoin('sequences as s', 's.id', 'm.sequence_id')
    .leftJoin('sequence_templates as t', 't.id', 's.sequence_template_id')
    .select(['m.id', 'm.subject'])
    .where('m.organization_id', '=', mailbox.organizationId).where('c.organization_id', '=', mailbox.organizationId)
    .where('c.email', '=', address.toLowerCase())
    .where('m.direction', '=', 'OUTBOUND').where('m.channel', '=', 'EMAIL')
    .where('m.sent_at', '>=', new Date(now.getTime() - MATCH_WINDOW_DAYS * DAY_MS))
    .where((eb) => eb.or([eb('s.sender_id', '=', mailbox.userId), eb.and([eb('s.sender_id', 'is', null), eb('t.sender_user_id', '=', mailbox.userId)])]))
    .orderBy('m.sent_at', 'desc').orderBy('m.id', 'desc')
    .limit(20)
    .execute();
}

/** The email a reply (or auto-reply) answers: by the ids it names, else by its sender and subject. */
export async function matchReply(em: EntityManager, mailbox: MailboxRef, reply: { referencedIds: string[]; from: string | null; subject: string }, now: Date): Promise<SentMatch | null> {
  const byId = await sentMessageByIds(em, mailbox.organizationId, reply.referencedIds);
  if (byId) return { messageId: byId, via: 'MESSAGE_ID' };
  if (!reply.from) return null;
  const sent = (await recentEmailsTo(em, mailbox, reply.from, now)).find((m) => subjectAnswers(reply.subject, m.subject));
  return sent ? { messageId: sent.id, via: 'CONTACT' } : null;
}

/** The email a bounce reports: by the original's Message-ID, else the latest one to the failed recipient. */
export async function matchBounce(em: EntityManager, mailbox: MailboxRef, bounce: { originalMessageId: string | null; recipient: string | null }, now: Date): Promise<SentMatch | null> {
  if (bounce.originalMessageId) {
    const byId = await sentMessageByIds(em, mailbox.organizationId, [bounce.originalMessageId]);
    if (byId) return { messageId: byId, via: 'MESSAGE_ID' };
  }
  if (!bounce.recipient) return null;
  const [latest] = await recentEmailsTo(em, mailbox, bounce.recipient, now);
  return latest ? { messageId: latest.id, via: 'CONTACT' } : null;
}
