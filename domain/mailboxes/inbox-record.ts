// Recording one inbox message, exactly once and in its own failure boundary. In ONE transaction:
// its mailbox_inbox_messages row (unique on mailbox, UIDVALIDITY, UID), what it means (inbox-meaning.ts)
// and the mailbox's cursor. A message is applied once per organization, whichever of its mailboxes
// saw it: the row that applies it holds its dedupe key (its Message-ID, or a digest of its headers
// and text when it has none), unique within the organization, and any later copy (another mailbox,
// a re-read after a UIDVALIDITY change) is recorded IGNORED. Concurrent copies meet at the unique
// index: the second insert waits for the first transaction and then finds the key taken. A message that cannot be parsed or
// stored is recorded UNREADABLE with the reason, in a transaction of its own, and the cursor passes
// it: no single message stops the sync. Only a failure of the database itself is thrown, for the
// activity's retry (which reads the message again).
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { InboxMessageKind } from '../../db/entities/mailbox-inbox-message.entity.ts';
import { recorded, type EngagementDeps } from '../engagement/engagement.service.ts';
import { storableText } from '../shared/text.ts';
import { isInfrastructureFailure } from './infrastructure-failure.ts';
import { meaningOf } from './inbox-meaning.ts';
import { parseInboxMessage } from './inbox-message.ts';
import type { MailboxRef } from './inbox-match.ts';
import {
  inboxRowByKey,
  insertInboxRow,
  insertInboxRowUnlessKeyTaken,
  insertInboxRowUnlessRecorded,
  recordedInboxKind,
} from './inbox.queries.ts';
import { moveCursor } from './mailboxes.queries.ts';

export interface FetchedInboxMessage {
  uidValidity: string;
  uid: number;
  /** The whole message, or (partial) its beginning: the header and the first part. */
  source: Buffer;
  receivedAt: Date;
  /** The message's size on the server (RFC822.SIZE), in bytes. */
  size?: number;
  /** True when the message is over the size limit and `source` holds only its beginning. */
  partial?: boolean;
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

export type InboxRecordDeps = EngagementDeps & {
  logger?: Pick<Logger, 'warn' | 'error'>;
  /** The parser (parseInboxMessage); a test puts one that fails to prove the boundary. */
  parse?: typeof parseInboxMessage;
};

interface RowOf {
  mailbox: MailboxRef;
  fetched: FetchedInboxMessage;
  now: Date;
}

const rowValues = ({ mailbox, fetched, now }: RowOf) => ({
  id: randomUUID(),
  mailbox_id: mailbox.id,
  organization_id: mailbox.organizationId,
  uid_validity: fetched.uidValidity,
  uid: String(fetched.uid),
  received_at: fetched.receivedAt,
  created_at: now,
});

/** The kind this UID was recorded with, when it was (a repeated read). */
async function recordedKind(
  tx: EntityManager,
  mailboxId: string,
  fetched: FetchedInboxMessage,
): Promise<InboxMessageKind | null> {
  return recordedInboxKind(tx, mailboxId, fetched.uidValidity, String(fetched.uid));
}

/** Parses, decides and records the message; throws whatever goes wrong (the caller's boundary sorts it). */
async function recordMeaning(
  deps: InboxRecordDeps,
  mailbox: MailboxRef,
  fetched: FetchedInboxMessage,
  now: Date,
): Promise<InboxRecordResult> {
  const message = await (deps.parse ?? parseInboxMessage)(fetched.source, { partial: fetched.partial === true });
  const meaning = await meaningOf(deps.em.fork(), mailbox, message, now, {
    rule: deps.reputation,
    logger: deps.logger,
  });
  const dedupeKey = message.messageId ? `mid:${message.messageId}` : `digest:${message.digest}`;
  return recorded(deps, mailbox.organizationId, async (tx, changed) => {
    const result = { matchedMessageId: meaning.match?.messageId ?? null, replyMessageId: null as string | null };
    const before = await recordedKind(tx, mailbox.id, fetched);
    if (before) {
      await advanceCursor(tx, mailbox.id, fetched, now);
      return { ...result, kind: before, recorded: false };
    }
    const row = {
      ...rowValues({ mailbox, fetched, now }),
      rfc_message_id: message.messageId,
      matched_message_id: meaning.match?.messageId ?? null,
    };
    // Only a message that means something takes the key: a copy ignored by one mailbox may still apply in another.
    const key = meaning.kind === 'IGNORED' ? null : dedupeKey;
    const inserted = await insertInboxRowUnlessKeyTaken(tx, {
      ...row,
      kind: meaning.kind,
      dedupe_key: key,
      detail: meaning.detail,
    });
    if (!inserted) {
      const first = await inboxRowByKey(tx, mailbox.organizationId, dedupeKey);
      await insertInboxRow(tx, {
        ...row,
        kind: 'IGNORED',
        dedupe_key: null,
        detail: {
          ...meaning.detail,
          reason: 'already applied from another copy of the message',
          duplicate_of: first?.id ?? null,
          first_seen_by_mailbox: first?.mailbox_id ?? null,
        },
      });
      await advanceCursor(tx, mailbox.id, fetched, now);
      return { ...result, kind: 'IGNORED', recorded: true };
    }
    if (meaning.apply) result.replyMessageId = await meaning.apply(tx, changed);
    await advanceCursor(tx, mailbox.id, fetched, now);
    return { ...result, kind: meaning.kind, recorded: true };
  });
}

/** Records the message as UNREADABLE with the reason, and moves the cursor past it. */
async function recordUnreadable(
  deps: InboxRecordDeps,
  mailbox: MailboxRef,
  fetched: FetchedInboxMessage,
  reason: string,
  now: Date,
): Promise<InboxRecordResult> {
  return deps.em.fork().transactional(async (tx) => {
    const inserted = await insertInboxRowUnlessRecorded(tx, {
      ...rowValues({ mailbox, fetched, now }),
      kind: 'UNREADABLE',
      rfc_message_id: null,
      dedupe_key: null,
      matched_message_id: null,
      detail: { reason, size: fetched.size ?? fetched.source.length, partial: fetched.partial === true },
    });
    await advanceCursor(tx, mailbox.id, fetched, now);
    return { kind: 'UNREADABLE', recorded: inserted, matchedMessageId: null, replyMessageId: null };
  });
}

/** Records one fetched inbox message and its meaning with the cursor, in UID order (the caller's loop). */
export async function recordInboxMessage(
  deps: InboxRecordDeps,
  mailbox: MailboxRef,
  fetched: FetchedInboxMessage,
  now = new Date(),
): Promise<InboxRecordResult> {
  try {
    return await recordMeaning(deps, mailbox, fetched, now);
  } catch (error) {
    if (isInfrastructureFailure(error)) throw error;
    const reason = storableText(error instanceof Error ? `${error.name}: ${error.message}` : String(error), 500);
    deps.logger?.error(
      { err: error, mailboxId: mailbox.id, uidValidity: fetched.uidValidity, uid: fetched.uid },
      'inbox message unreadable: recorded and passed',
    );
    return recordUnreadable(deps, mailbox, fetched, reason, now);
  }
}

/** The mailbox's cursor moves to the message's UID (never back within the same UIDVALIDITY). */
export async function advanceCursor(
  tx: EntityManager,
  mailboxId: string,
  fetched: Pick<FetchedInboxMessage, 'uidValidity' | 'uid'>,
  now: Date,
): Promise<void> {
  await moveCursor(tx, mailboxId, fetched.uidValidity, fetched.uid, now);
}
