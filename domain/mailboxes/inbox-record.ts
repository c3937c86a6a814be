// Recording one inbox message, exactly once: in ONE transaction its mailbox_inbox_messages row
// (unique on mailbox, UIDVALIDITY, UID), what it means (a reply or auto-reply through applyReply,
// a permanent bounce through applyBounce; a transient bounce and anything else only recorded) and
// the mailbox's cursor (uid_validity, last_uid, last_synced_at). A sync that dies before the commit
// reads the message again; one that dies after finds its row and the cursor past it: nothing is
// missed, nothing repeated. A message already recorded under another UID (same Message-ID: the
// inbox was renumbered, or a copy arrived) is recorded as IGNORED, its meaning not applied again.
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { InboxMessageKind } from '../../db/entities/mailbox-inbox-message.entity.ts';
import { typedKysely } from '../../db/kysely.ts';
import { applyBounce, applyReply, recorded, type EngagementDeps } from '../engagement/engagement.service.ts';
import { truncateText } from '../shared/text.ts';
import { classifyInbox } from './inbox-classify.ts';
import { parseInboxMessage, type InboxMessage } from './inbox-message.ts';
import { matchBounce, matchReply, type MailboxRef, type SentMatch } from './inbox-match.ts';

export interface FetchedInboxMessage {
  uidValidity: string;
  uid: number;
  source: Buffer;
  receivedAt: Date;
}

export interface InboxRecordResult {
  kind: InboxMessageKind;
  /** False when this UID was recorded before (a repeated read): nothing was done. */
  recorded: boolean;
  /** The outbound message it was matched to. */
  matchedMessageId: string | null;
  /** The INBOUND message a reply created. */
  replyMessageId: string | null;
}

/** A reply's text as stored: the mail's plain text, well-formed and bounded. */
const REPLY_MAX = 20_000;

interface Meaning {
  kind: InboxMessageKind;
  match: SentMatch | null;
  detail: Record<string, unknown>;
  apply: ((tx: EntityManager, changed: string[]) => Promise<string | null>) | null;
}

async function meaningOf(em: EntityManager, mailbox: MailboxRef, message: InboxMessage, at: Date): Promise<Meaning> {
  const verdict = classifyInbox(message, at);
  const base = { from: message.from, subject: truncateText(message.subject, 300) };
  if (verdict.kind === 'BOUNCE') {
    const { bounce } = verdict;
    const match = await matchBounce(em, mailbox, bounce, at);
    const detail = { ...base, status: bounce.status, permanent: bounce.permanent, recipient: bounce.recipient, original_message_id: bounce.originalMessageId, format: bounce.format,
      diagnostic: bounce.diagnostic ? truncateText(bounce.diagnostic, 500) : null, matched_by: match?.via ?? null };
    if (!match) return { kind: 'IGNORED', match: null, detail: { ...detail, reason: 'bounce of no email the service sent' }, apply: null };
    const apply = bounce.permanent
      ? async (tx: EntityManager, changed: string[]) => { await applyBounce(tx, changed, mailbox.organizationId, match.messageId, at); return null; }
      : null; // transient: recorded only, the sending server keeps trying
    return { kind: 'BOUNCE', match, detail, apply };
  }
  const match = await matchReply(em, mailbox, message, at);
  const auto = verdict.kind === 'AUTO_REPLY';
  const detail = { ...base, matched_by: match?.via ?? null, ...(auto ? { auto_reply: verdict.reason } : {}) };
  if (!match) return { kind: 'IGNORED', match: null, detail: { ...detail, reason: 'answers no email the service sent' }, apply: null };
  const body = truncateText(message.text.toWellFormed().trim(), REPLY_MAX) || '(no text)';
  const subject = message.subject ? truncateText(message.subject.toWellFormed(), 998) : null;
  return {
    kind: auto ? 'AUTO_REPLY' : 'REPLY', match, detail,
    apply: async (tx, changed) => (await applyReply(tx, changed, mailbox.organizationId, match.messageId, { body, subject }, at, auto ? { category: 'OUT_OF_OFFICE' } : {})).message.id,
  };
}

/** Records one fetched inbox message and its meaning with the cursor, in UID order (the caller's loop). */
export async function recordInboxMessage(deps: EngagementDeps, mailbox: MailboxRef, fetched: FetchedInboxMessage, now = new Date()): Promise<InboxRecordResult> {
  const message = await parseInboxMessage(fetched.source);
  const meaning = await meaningOf(deps.em.fork(), mailbox, message, now);
  return recorded(deps, mailbox.organizationId, async (tx, changed) => {
    const db = typedKysely(tx);
    const seen = message.messageId
      ? await db.selectFrom('mailbox_inbox_messages').select('id')
        .where('mailbox_id', '=', mailbox.id).where('rfc_message_id', '=', message.messageId)
        .where((eb) => eb.or([eb('uid_validity', '<>', fetched.uidValidity), eb('uid', '<>', String(fetched.uid))]))
        .executeTakeFirst()
      : undefined;
    const kind = seen ? 'IGNORED' : meaning.kind;
    const inserted = await db.insertInto('mailbox_inbox_messages').values({
      id: randomUUID(), mailbox_id: mailbox.id, uid_validity: fetched.uidValidity, uid: String(fetched.uid),
      rfc_message_id: message.messageId ? truncateText(message.messageId, 998) : null, kind, matched_message_id: meaning.match?.messageId ?? null,
      detail: seen ? { ...meaning.detail, reason: 'already recorded under another UID', duplicate_of: seen.id } : meaning.detail,
      received_at: fetched.receivedAt, created_at: now,
    }).onConflict((oc) => oc.columns(['mailbox_id', 'uid_validity', 'uid']).doNothing()).returning('id').executeTakeFirst();
    let replyMessageId: string | null = null;
    if (inserted && !seen && meaning.apply) replyMessageId = await meaning.apply(tx, changed);
    await advanceCursor(tx, mailbox.id, fetched.uidValidity, fetched.uid, now);
    return { kind, recorded: inserted !== undefined, matchedMessageId: meaning.match?.messageId ?? null, replyMessageId };
  });
}

/** The mailbox's cursor moves to `uid` of `uidValidity` (never back within the same UIDVALIDITY). */
export async function advanceCursor(tx: EntityManager, mailboxId: string, uidValidity: string, uid: number, now: Date): Promise<void> {
  await typedKysely(tx).updateTable('mailboxes')
    .set({
      last_uid: sql<string>`case when "uid_validity" = ${uidValidity} then greatest(coalesce("last_uid", 0), ${uid}) else ${uid} end`,
      uid_validity: uidValidity, last_synced_at: now, updated_at: now,
    })
    .where('id', '=', mailboxId)
    .execute();
}
