// The inbox sync's pure parts: batches bounded by count and bytes, a message over the size limit
// counted at what is fetched of it, UID sets, the process's byte budget, the settings' order, the
// start point of a re-connected mailbox, what GET /v1/users shows of a blind sync, the metrics'
// figures and the status's lag.
import assert from 'node:assert/strict';
import { loadConfig } from '../../../config.ts';
import { syncStartOf } from '../../../domain/mailboxes/inbox-cursor.ts';
import { shownMailboxState } from '../../../domain/mailboxes/sync-view.ts';
import { mailboxSyncFigures } from '../../../observability/mailbox-sync.ts';
import { ByteBudget } from '../../../providers/mail/fetch-budget.ts';
import { planBatches } from '../../../providers/mail/inbox-batches.ts';
import { fetchedBytes, PARTIAL_BODY_BYTES, PARTIAL_HEADER_BYTES, uidSet } from '../../../providers/mail/imap.ts';
import { withLag } from '../../../workflows/mailbox-sync.client.ts';
import type { MailboxSyncStatus } from '../../../workflows/mailbox-sync.definitions.ts';

const MIB = 1024 * 1024;
const limits = { maxCount: 50, maxBytes: 32 * MIB, messageMaxBytes: 10 * MIB };
const sized = (sizes: number[]) => sizes.map((size, i) => ({ uid: i + 1, size }));

describe('inbox sync bounds', () => {
  it('when messages are small, then a batch holds at most 50 of them', () => {
    const batches = planBatches(sized(Array.from({ length: 120 }, () => 2000)), limits);
    assert.deepEqual(
      batches.map((b) => b.messages.length),
      [50, 50, 20],
    );
    assert.deepEqual(
      batches.flatMap((b) => b.messages.map((m) => m.uid)),
      Array.from({ length: 120 }, (_, i) => i + 1),
      'every UID once, in order',
    );
  });

  it('when messages are large, then a batch stops before its bytes pass the limit', () => {
    const batches = planBatches(sized([9 * MIB, 9 * MIB, 9 * MIB, 9 * MIB, 1000]), limits);
    assert.deepEqual(
      batches.map((b) => b.messages.map((m) => m.uid)),
      [
        [1, 2, 3],
        [4, 5],
      ],
    );
    assert.ok(batches.every((b) => b.bytes <= limits.maxBytes));
  });

  it('when a message is over the size limit, then it counts as its header and body start, not its size', () => {
    assert.equal(
      fetchedBytes({ uid: 1, size: 25 * MIB }, limits.messageMaxBytes),
      PARTIAL_HEADER_BYTES + PARTIAL_BODY_BYTES,
    );
    assert.equal(
      fetchedBytes({ uid: 1, size: limits.messageMaxBytes }, limits.messageMaxBytes),
      limits.messageMaxBytes,
    );
    const batches = planBatches(sized([25 * MIB, 25 * MIB, 25 * MIB]), limits);
    assert.deepEqual(
      batches.map((b) => b.messages.length),
      [3],
      'three 25 MB messages cost under 1 MiB together',
    );
  });

  it('when a single message is bigger than the batch bound, then it is a batch of its own', () => {
    const batches = planBatches(sized([100, 5000, 100]), { maxCount: 50, maxBytes: 1000, messageMaxBytes: 10_000 });
    assert.deepEqual(
      batches.map((b) => b.messages.map((m) => m.uid)),
      [[1], [2], [3]],
    );
  });

  it('when UIDs run in a row, then the set names the runs', () => {
    assert.equal(uidSet([7, 1, 2, 3, 5, 9, 8]), '1:3,5,7:9');
    assert.equal(uidSet([4]), '4');
  });

  it('when batches ask for more bytes than the budget has, then they wait in turn and get them as others give theirs back', async () => {
    const budget = new ByteBudget(100);
    const first = await budget.acquire(60);
    const order: string[] = [];
    const second = budget.acquire(60).then((release) => {
      order.push('second');
      return release;
    });
    const third = budget.acquire(10).then((release) => {
      order.push('third');
      return release;
    });
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(order, [], 'a small batch does not overtake a waiting one');
    assert.equal(budget.queued, 2);
    first();
    first(); // giving back twice gives back once
    (await second)();
    (await third)();
    assert.deepEqual(order, ['second', 'third']);
    assert.equal(budget.inUse, 0);
    const whole = await budget.acquire(1000); // more than the budget: the whole budget, not a wait forever
    assert.equal(budget.inUse, 100);
    whole();
  });

  it('when the mailbox settings are read, then a batch fits the message limit and the budget fits a batch', () => {
    const config = loadConfig({});
    assert.equal(config.mailboxMessageMaxBytes, 10 * MIB);
    assert.equal(config.mailboxBatchMaxBytes, 32 * MIB);
    assert.equal(config.mailboxFetchBudgetBytes, 64 * MIB);
    assert.equal(config.mailboxSyncStallMinutes, 15);
    assert.equal(config.mailboxWorkerHeapMb, 1024);
    assert.equal(config.mailboxWorkerMetricsPort, 9465);
    assert.equal(
      loadConfig({ MAILBOX_MESSAGE_MAX_BYTES: String(40 * MIB) }).mailboxBatchMaxBytes,
      40 * MIB,
      'the batch default grows with the message limit',
    );
    assert.throws(
      () => loadConfig({ MAILBOX_MESSAGE_MAX_BYTES: String(8 * MIB), MAILBOX_BATCH_MAX_BYTES: String(MIB) }),
      /MAILBOX_BATCH_MAX_BYTES/,
    );
    assert.throws(() => loadConfig({ MAILBOX_FETCH_BUDGET_BYTES: String(MIB) }), /MAILBOX_FETCH_BUDGET_BYTES/);
    assert.throws(() => loadConfig({ MAILBOX_SYNC_STALL_MINUTES: '1' }), /MAILBOX_SYNC_STALL_MINUTES/);
  });

  it('when a mailbox has no cursor, then it reads from its last message read, else its last full read, else its connection', () => {
    const created = new Date('2026-01-01T00:00:00Z');
    const synced = new Date('2026-03-01T00:00:00Z');
    const received = new Date('2026-02-20T00:00:00Z');
    assert.equal(syncStartOf({ created_at: created, last_synced_at: synced, last_received_at: received }), received);
    assert.equal(
      syncStartOf({ created_at: created, last_synced_at: null, last_received_at: received }),
      received,
      'connect reset last_synced_at: the last message read stays',
    );
    assert.equal(syncStartOf({ created_at: created, last_synced_at: synced, last_received_at: null }), synced);
    assert.equal(syncStartOf({ created_at: created, last_synced_at: null, last_received_at: null }), created);
  });

  it('when the sync is blind, then a CONNECTED mailbox shows ERROR with its reason, and its emails are not held', () => {
    assert.deepEqual(
      shownMailboxState({
        status: 'CONNECTED',
        lastError: null,
        syncError: 'IMAP: imap://h:143: connect ECONNREFUSED',
      }),
      { status: 'ERROR', last_error: 'IMAP: imap://h:143: connect ECONNREFUSED', emails_held: false },
    );
    assert.deepEqual(shownMailboxState({ status: 'CONNECTED', lastError: null, syncError: null }), {
      status: 'CONNECTED',
      last_error: null,
      emails_held: false,
    });
    assert.deepEqual(shownMailboxState({ status: 'AUTH_FAILED', lastError: 'IMAP: refused', syncError: 'IMAP: x' }), {
      status: 'AUTH_FAILED',
      last_error: 'IMAP: refused',
      emails_held: true,
    });
    assert.deepEqual(shownMailboxState({ status: 'ERROR', lastError: 'smtps://h:465: timeout', syncError: null }), {
      status: 'ERROR',
      last_error: 'smtps://h:465: timeout',
      emails_held: true,
    });
  });

  it('when the metrics read a row, then lag runs from the last full read (else the connection) and blindness from the sync or a refused IMAP login', () => {
    const now = Date.parse('2026-03-01T01:00:00Z');
    const row = {
      id: 'm',
      status: 'CONNECTED',
      last_error: null,
      sync_error: null,
      inbox_waiting: 3,
      last_synced_at: '2026-03-01T00:59:00Z',
      created_at: '2026-01-01T00:00:00Z',
    };
    assert.deepEqual(mailboxSyncFigures(row, now), { mailboxId: 'm', lagSeconds: 60, waiting: 3, blind: false });
    assert.equal(mailboxSyncFigures({ ...row, last_synced_at: null }, now).lagSeconds, 59 * 86_400 + 3600);
    assert.equal(mailboxSyncFigures({ ...row, sync_error: 'IMAP: x' }, now).blind, true);
    assert.equal(mailboxSyncFigures({ ...row, status: 'AUTH_FAILED', last_error: 'IMAP: refused' }, now).blind, true);
    assert.equal(
      mailboxSyncFigures({ ...row, status: 'AUTH_FAILED', last_error: 'smtps://h: 535' }, now).blind,
      false,
      'an SMTP refusal does not blind the inbox',
    );
  });

  it('when the status is read, then the lag is counted from the last read to the end, null before one', () => {
    const status = { readToEndAt: '2026-03-01T00:00:00.000Z' } as MailboxSyncStatus;
    assert.equal(withLag(status, Date.parse('2026-03-01T00:02:00Z')).lagSeconds, 120);
    assert.equal(withLag({ ...status, readToEndAt: null }).lagSeconds, null);
  });
});
