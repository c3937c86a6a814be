// What an inbox message means for the service, decided before its transaction: a bounce of an email
// the service sent (applied when permanent), a spam complaint about one (its sender's mailbox is
// paused, its recipient excluded for good and its run failed: applyComplaint), a reply or
// auto-reply to one (applied), or nothing (IGNORED, with the reason). The mail's authority is
// checked here: a bounce or a complaint whose From failed DMARC is inert, a complaint acts only when
// it names (by Message-ID) an email the service sent, and a reply opts its contact out only when it
// comes from the contact's own address and its From did not fail DMARC. Every text written to the
// detail is storable.
import type { EntityManager } from '@mikro-orm/postgresql';
import type { InboxMessageKind } from '../../db/entities/mailbox-inbox-message.entity.ts';
import { applyBounce, applyComplaint, applyReply } from '../engagement/engagement.service.ts';
import { storableText } from '../shared/text.ts';
import { authenticationOf, dmarcFailed } from './inbox-auth.ts';
import { classifyInbox } from './inbox-classify.ts';
import type { InboxMessage } from './inbox-message.ts';
import {
  matchBounce,
  matchReply,
  recipientOf,
  sentMessageByIds,
  type MailboxRef,
  type SentMatch,
} from './inbox-match.ts';
import type { ReputationDeps } from './reputation.ts';

/** A reply's text as stored: the mail's plain text, well-formed and bounded. */
const REPLY_MAX = 20_000;

export interface Meaning {
  kind: InboxMessageKind;
  match: SentMatch | null;
  detail: Record<string, unknown>;
  /** The writes that apply it, in the record's transaction; answers the INBOUND message a reply created. */
  apply: ((tx: EntityManager, changed: string[]) => Promise<string | null>) | null;
}

const ignored = (detail: Record<string, unknown>, reason: string): Meaning => ({
  kind: 'IGNORED',
  match: null,
  detail: { ...detail, reason },
  apply: null,
});

export async function meaningOf(
  em: EntityManager,
  mailbox: MailboxRef,
  message: InboxMessage,
  at: Date,
  reputation: ReputationDeps = {},
): Promise<Meaning> {
  const verdict = classifyInbox(message, at);
  const authentication = authenticationOf(message.headers);
  const base = {
    from: message.from,
    subject: storableText(message.subject, 300),
    ...(authentication ? { authentication } : {}),
    ...(message.degraded ? { read: message.degraded } : {}),
  };
  if (verdict.kind === 'COMPLAINT') {
    const { complaint } = verdict;
    const byId = complaint.originalMessageId
      ? await sentMessageByIds(em, mailbox.organizationId, [complaint.originalMessageId])
      : null;
    const detail = {
      ...base,
      feedback_type: complaint.feedbackType,
      original_message_id: complaint.originalMessageId,
      matched_by: byId ? 'MESSAGE_ID' : null,
    };
    if (!byId) return ignored(detail, 'complaint names no message the service sent');
    if (dmarcFailed(authentication))
      return ignored({ ...detail, matched_message_id: byId }, 'complaint whose sender failed DMARC');
    if (!complaint.complaint)
      return ignored({ ...detail, matched_message_id: byId }, `feedback report of type ${complaint.feedbackType}`);
    const apply = async (tx: EntityManager, changed: string[]) => {
      await applyComplaint(tx, changed, mailbox.organizationId, byId, at, reputation);
      return null;
    };
    return { kind: 'COMPLAINT', match: { messageId: byId, via: 'MESSAGE_ID' }, detail, apply };
  }
  if (verdict.kind === 'BOUNCE') {
    const { bounce } = verdict;
    const match = await matchBounce(em, mailbox, bounce, at);
    const detail = {
      ...base,
      status: bounce.status,
      permanent: bounce.permanent,
      recipient: bounce.recipient,
      original_message_id: bounce.originalMessageId,
      format: bounce.format,
      diagnostic: bounce.diagnostic,
      matched_by: match?.via ?? null,
    };
    if (!match)
      return ignored(
        detail,
        bounce.format === 'DSN' ? 'bounce of no email the service sent' : 'bounce names no message the service sent',
      );
    if (dmarcFailed(authentication))
      return ignored({ ...detail, matched_message_id: match.messageId }, 'bounce whose sender failed DMARC');
    const apply = bounce.permanent
      ? async (tx: EntityManager, changed: string[]) => {
          await applyBounce(tx, changed, mailbox.organizationId, match.messageId, at, reputation);
          return null;
        }
      : null; // transient: recorded only, the sending server keeps trying
    return { kind: 'BOUNCE', match, detail, apply };
  }
  const match = await matchReply(em, mailbox, message, at);
  const auto = verdict.kind === 'AUTO_REPLY';
  const detail = { ...base, matched_by: match?.via ?? null, ...(auto ? { auto_reply: verdict.reason } : {}) };
  if (!match) return ignored(detail, 'answers no email the service sent');
  const contact =
    match.via === 'CONTACT' ? message.from : await recipientOf(em, mailbox.organizationId, match.messageId);
  const fromContact = message.from !== null && message.from === contact;
  const speaksForContact = fromContact && !dmarcFailed(authentication);
  const body = storableText(message.text.trim(), REPLY_MAX) || '(no text)';
  const subject = message.subject ? storableText(message.subject, 998) : null;
  return {
    kind: auto ? 'AUTO_REPLY' : 'REPLY',
    match,
    detail: {
      ...detail,
      ...(speaksForContact
        ? {}
        : {
            speaks_for_contact: false,
            why: fromContact ? 'its sender failed DMARC' : "sent from another address than the contact's",
          }),
    },
    apply: async (tx, changed) =>
      (
        await applyReply(
          tx,
          changed,
          mailbox.organizationId,
          match.messageId,
          {
            body,
            subject,
            providerMessageId: message.messageId ? `<${message.messageId}>` : null,
          },
          at,
          {
            ...(auto ? { category: 'OUT_OF_OFFICE' as const } : {}),
            speaksForContact,
          },
        )
      ).message.id,
  };
}
