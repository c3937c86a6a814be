// How the inbox sync reads what waits above its cursor: the UIDs are listed once (one SEARCH per
// pass, however many batches follow), their sizes read a chunk at a time, and the messages fetched
// in batches bounded by count and by bytes, each batch taking its bytes from the worker's budget
// first so that many syncs together hold no more than the budget.
import type { ByteBudget } from './fetch-budget.ts';
import { fetchedBytes, type ImapInbox, type InboxFetched, type InboxSized } from './imap.ts';

export interface BatchLimits {
  /** Messages per batch. */
  maxCount: number;
  /** Bytes fetched per batch (a message over the size limit counts what is fetched of it). */
  maxBytes: number;
  /** Messages above this size are fetched in part (imap.ts). */
  messageMaxBytes: number;
}

export interface PlannedBatch {
  messages: InboxSized[];
  /** What fetching them brings, at most. */
  bytes: number;
}

/** UIDs whose sizes one FETCH asks for. */
const SIZE_CHUNK = 500;

/**
 * Cuts messages (in UID order) into batches of at most `maxCount` messages and `maxBytes` bytes;
 * a message alone bigger than `maxBytes` (only when the limits say so) is a batch of its own.
 */
export function planBatches(messages: readonly InboxSized[], limits: BatchLimits): PlannedBatch[] {
  const batches: PlannedBatch[] = [];
  let current: PlannedBatch = { messages: [], bytes: 0 };
  for (const message of messages) {
    const bytes = fetchedBytes(message, limits.messageMaxBytes);
    if (
      current.messages.length &&
      (current.messages.length >= limits.maxCount || current.bytes + bytes > limits.maxBytes)
    ) {
      batches.push(current);
      current = { messages: [], bytes: 0 };
    }
    current.messages.push(message);
    current.bytes += bytes;
  }
  if (current.messages.length) batches.push(current);
  return batches;
}

export interface InboxBatch {
  messages: InboxFetched[];
  /** UIDs of the pass still to fetch after this batch. */
  remaining: number;
}

/**
 * One pass over the INBOX above `afterUid`: one SEARCH (`onListed` hears how many messages wait),
 * then batch after batch. The caller records a batch before asking for the next; the batch's bytes
 * go back to `budget` at that moment.
 */
export async function* readBatches(
  inbox: ImapInbox,
  afterUid: number,
  limits: BatchLimits,
  budget?: ByteBudget,
  onListed?: (waiting: number) => Promise<void>,
): AsyncGenerator<InboxBatch> {
  const uids = await inbox.uidsAfter(afterUid);
  await onListed?.(uids.length);
  for (let at = 0; at < uids.length; at += SIZE_CHUNK) {
    const chunk = uids.slice(at, at + SIZE_CHUNK);
    for (const batch of planBatches(await inbox.sizesOf(chunk), limits)) {
      const release = budget ? await budget.acquire(batch.bytes) : () => {};
      try {
        const messages = await inbox.fetchMessages(batch.messages);
        const lastUid = batch.messages[batch.messages.length - 1].uid;
        yield { messages, remaining: uids.length - (uids.indexOf(lastUid, at) + 1) };
      } finally {
        release();
      }
    }
  }
}
