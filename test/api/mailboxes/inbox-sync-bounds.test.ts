// The inbox sync's bounds on a real IMAP server (GreenMail): a message over the size limit is read
// as its header and the start of its body, and the sync goes on to the reply after it; batches stop
// at their byte bound; a rescan after a UIDVALIDITY change lists the UIDs with one SEARCH; a mailbox
// re-connected to another server starts after the last message it read, not at its creation.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ImapFlow } from 'imapflow';
import { pino } from 'pino';
import { createMailboxSyncActivities } from '../../../activities/mailbox-sync.activities.ts';
import * as admin from '../../../domain/admin/admin.service.ts';
import { MailboxCredentials } from '../../../domain/mailboxes/credentials.ts';
import { ByteBudget } from '../../../providers/mail/fetch-budget.ts';
import { readBatches } from '../../../providers/mail/inbox-batches.ts';
import { ImapInbox, PARTIAL_BODY_BYTES, PARTIAL_HEADER_BYTES } from '../../../providers/mail/imap.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import type { SyncRunResult } from '../../../workflows/mailbox-sync.definitions.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { appendToInbox } from '../../helpers/imap-inbox.ts';
import { personReply } from '../../helpers/inbox-samples.ts';
import { MAIL_PASSWORD, enrollMailProspect, inboxRows, insertMailbox, mailUser } from '../../helpers/mailboxes.ts';
import { eventsOf, insertTemplate } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

const MIB = 1024 * 1024;

/** A message of about `bytes`: a short text first part, then an attachment that makes up the size. */
function bigMessage(from: string, to: string, bytes: number, text: string): string {
  const boundary = `b-${randomUUID()}`;
  const line = `${'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo'.repeat(2)}\r\n`;
  return [
    `From: ${from}`,
    `To: ${to}`,
    `Subject: Big file ${randomUUID()}`,
    `Message-ID: <big-${randomUUID()}@elsewhere.test>`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    `--${boundary}`,
    'Content-Type: application/octet-stream',
    'Content-Transfer-Encoding: base64',
    'Content-Disposition: attachment; filename="data.bin"',
    '',
    line.repeat(Math.ceil(bytes / line.length)) + `--${boundary}--`,
    '',
  ].join('\r\n');
}

const note = (mailbox: string, n: number) =>
  `From: ${mailbox}\r\nTo: ${mailbox}\r\nSubject: Note ${n}\r\nMessage-ID: <note-${n}-${randomUUID()}@sender.test>\r\n\r\nNote ${n}.\r\n`;

/** Counts the SEARCH commands every ImapFlow of this process sends while `work` runs, with their UID ranges. */
async function countingSearches<T>(work: () => Promise<T>): Promise<{ result: T; ranges: string[] }> {
  const proto = ImapFlow.prototype as unknown as {
    search: (this: ImapFlow, query: { uid?: string }, options?: unknown) => Promise<unknown>;
  };
  const original = proto.search;
  const ranges: string[] = [];
  proto.search = function (query, options) {
    ranges.push(query.uid ?? JSON.stringify(query));
    return original.call(this, query, options);
  };
  try {
    return { result: await work(), ranges };
  } finally {
    proto.search = original;
  }
}

describe('inbox sync bounds (GreenMail)', function () {
  this.timeout(300_000);
  let stack: Stack;
  let greenmail: RunningGreenMail;
  let org: TestOrg;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    stack = await getStack();
    greenmail = await getGreenMail();
    org = await newOrg(stack);
  });

  const inbox = (email: string, messageMaxBytes = stack.config.mailboxMessageMaxBytes) =>
    new ImapInbox(
      {
        host: greenmail.host,
        port: greenmail.imapPort,
        tls: false,
        requireStartTls: false,
        user: email,
        password: MAIL_PASSWORD,
      },
      messageMaxBytes,
    );

  /** One run of the sync activity, outside Temporal: it reads what waits, then waits out `runMs`. */
  function syncOnce(mailboxId: string, runMs = 1500): Promise<SyncRunResult> {
    const activities = createMailboxSyncActivities({
      orm: stack.orm,
      logger: pino({ level: 'silent' }),
      config: stack.config,
      workflows: createWorkflowClients(stack.temporal, stack.taskQueue),
    });
    return activities.syncMailbox({ mailboxId, mode: 'POLL', runMs, pollMs: 60_000, idleMs: 60_000 });
  }

  async function newMailbox(local: string, userId: string) {
    const email = await mailUser(greenmail, local, 'sender.test');
    const id = await insertMailbox(stack, greenmail, { organizationId: org.organizationId, userId, email });
    return { email, id };
  }

  async function newUser(name: string): Promise<string> {
    return (
      await admin.createUser(stack.orm.em.fork(), {
        organizationId: org.organizationId,
        email: `${name}-${randomUUID()}@sender.test`,
        name,
      })
    ).id;
  }

  it('when a 25 MB message arrives, then it is read as its header and body start (partial), recorded, and the reply after it is message.replied', async () => {
    const mailbox = await newMailbox('big', org.userId);
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [
        { type: 'EMAIL', delay_days: 1 / 86_400, subject: 'Quick question', body: 'Hello {{first_name}}' },
        { type: 'EMAIL', delay_days: 5, subject: 'Following up', body: 'Any thoughts?' },
      ],
      { senderUserId: org.userId },
    );
    const prospect = await enrollMailProspect(stack, greenmail, org, templateId, 'big');
    const huge = bigMessage('news@elsewhere.test', mailbox.email, 25 * MIB, 'The quarterly figures are attached.');
    const reply = personReply(
      { mailbox: mailbox.email, prospect: prospect.address, sentMessageId: prospect.messageId },
      'Yes, let us talk next week.',
    );
    await appendToInbox(greenmail, mailbox.email, MAIL_PASSWORD, [{ raw: huge }, { raw: reply }]);

    // What the IMAP layer brings: the header and the start of the body of the big one, the reply whole.
    const session = inbox(mailbox.email);
    await session.open();
    const read = [];
    try {
      for await (const batch of readBatches(session, 0, {
        maxCount: 50,
        maxBytes: stack.config.mailboxBatchMaxBytes,
        messageMaxBytes: stack.config.mailboxMessageMaxBytes,
      }))
        read.push(...batch.messages);
    } finally {
      await session.close();
    }
    assert.equal(read.length, 2);
    const [big, small] = read;
    assert.equal(big.partial, true);
    assert.ok(big.size > 25 * MIB, `RFC822.SIZE ${big.size}`);
    assert.ok(
      big.source.length <= PARTIAL_HEADER_BYTES + PARTIAL_BODY_BYTES + 4,
      `fetched ${big.source.length} bytes of ${big.size}`,
    );
    const text = big.source.toString('latin1');
    assert.match(text, /^From: news@elsewhere\.test/);
    assert.match(text, /The quarterly figures are attached\./, 'the first part is there, with its MIME header');
    assert.equal(small.partial, false);
    // GreenMail's RFC822.SIZE leaves the header out; a whole message is at least that.
    assert.ok(small.source.length >= small.size && small.size > 0);
    console.log(
      `      [measure] 25 MB message: RFC822.SIZE ${big.size} bytes, ${big.source.length} bytes fetched (${(big.size / big.source.length).toFixed(0)}x less)`,
    );

    const before = process.memoryUsage();
    const run = await syncOnce(mailbox.id);
    const after = process.memoryUsage();
    console.log(
      `      [measure] sync run over it: rss ${((after.rss - before.rss) / MIB).toFixed(1)} MiB, heap ${((after.heapUsed - before.heapUsed) / MIB).toFixed(1)} MiB, external ${((after.external - before.external) / MIB).toFixed(1)} MiB`,
    );
    assert.equal(run.counts.processed, 2, JSON.stringify(run.counts));
    const rows = await inboxRows(stack, mailbox.id);
    assert.equal(rows.length, 2);
    assert.equal(rows[1].kind, 'REPLY', 'the reply after the big message is read and applied');
    assert.equal((await eventsOf(stack, prospect.sequenceId)).filter((e) => e.type === 'message.replied').length, 1);
    const { rows: cursor } = await sql<{
      last_uid: string;
      inbox_waiting: number | null;
    }>`SELECT last_uid, inbox_waiting FROM mailboxes WHERE id = ${mailbox.id}`.execute(db());
    assert.equal(cursor[0].last_uid, '2', 'the cursor passed both');
    assert.equal(cursor[0].inbox_waiting, 0);
  });

  it('when messages are large, then each batch stays within its byte bound and takes its bytes from the budget', async () => {
    const mailbox = await newMailbox('batches', await newUser('batches'));
    await appendToInbox(
      greenmail,
      mailbox.email,
      MAIL_PASSWORD,
      Array.from({ length: 6 }, () => ({ raw: bigMessage('files@elsewhere.test', mailbox.email, 3 * MIB, 'A file.') })),
    );
    const budget = new ByteBudget(8 * MIB);
    const session = inbox(mailbox.email, 4 * MIB);
    await session.open();
    const batches: { uids: number[]; bytes: number; sizes: number; budgetInUse: number }[] = [];
    try {
      const { ranges } = await countingSearches(async () => {
        for await (const batch of readBatches(
          session,
          0,
          { maxCount: 50, maxBytes: 8 * MIB, messageMaxBytes: 4 * MIB },
          budget,
        )) {
          batches.push({
            uids: batch.messages.map((m) => m.uid),
            bytes: batch.messages.reduce((sum, m) => sum + m.source.length, 0),
            sizes: batch.messages.reduce((sum, m) => sum + m.size, 0),
            budgetInUse: budget.inUse,
          });
        }
      });
      assert.equal(ranges.length, 1, 'one SEARCH for the pass');
    } finally {
      await session.close();
    }
    assert.deepEqual(
      batches.map((b) => b.uids),
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
    );
    for (const batch of batches) {
      assert.ok(batch.bytes <= 8 * MIB, `a batch of ${batch.bytes} bytes`);
      assert.equal(
        batch.budgetInUse,
        batch.sizes,
        'the batch holds its planned bytes (RFC822.SIZE) of the budget while it is recorded',
      );
    }
    assert.equal(budget.inUse, 0, 'every batch gave its bytes back');
  });

  it('when the UIDVALIDITY changed, then the inbox is read again in one pass: one SEARCH for 120 messages', async () => {
    const mailbox = await newMailbox('renumbered', await newUser('renumbered'));
    // The cursor of an earlier numbering of the INBOX.
    await sql`UPDATE mailboxes SET uid_validity = 1, last_uid = 999 WHERE id = ${mailbox.id}`.execute(db());
    await appendToInbox(
      greenmail,
      mailbox.email,
      MAIL_PASSWORD,
      Array.from({ length: 120 }, (_, n) => ({ raw: note(mailbox.email, n + 1) })),
    );
    const { result: run, ranges } = await countingSearches(() => syncOnce(mailbox.id, 4000));
    assert.equal(run.rescanned, true);
    assert.deepEqual(ranges, ['1:*'], 'one SEARCH, from UID 1');
    assert.equal(run.counts.processed, 120);
    assert.equal((await inboxRows(stack, mailbox.id)).length, 120);
    assert.equal(run.cursor.lastUid, 120);
  });

  it('when opening the inbox takes the whole run, then the run still reads a batch before it ends', async () => {
    const mailbox = await newMailbox('slow-open', await newUser('slow-open'));
    await appendToInbox(greenmail, mailbox.email, MAIL_PASSWORD, [
      { raw: note(mailbox.email, 1) },
      { raw: note(mailbox.email, 2) },
    ]);
    // A run of 0 ms: its time is over before the inbox is open, as on a server slower than the run.
    const run = await syncOnce(mailbox.id, 0);
    assert.equal(run.counts.processed, 2, JSON.stringify(run.counts));
    assert.equal((await inboxRows(stack, mailbox.id)).length, 2);
    assert.equal(run.cursor.lastUid, 2);
  });

  it('when a mailbox is re-connected to another server, then its sync starts after the last message it read, not at its creation', async () => {
    const userId = await newUser('moved');
    const before = await newMailbox('before-move', userId);
    await sql`UPDATE mailboxes SET created_at = now() - interval '2 days' WHERE id = ${before.id}`.execute(db());
    await appendToInbox(greenmail, before.email, MAIL_PASSWORD, [
      { raw: note(before.email, 1) },
      { raw: note(before.email, 2) },
    ]);
    await syncOnce(before.id);
    const {
      rows: [read],
    } = await sql<{
      last_received_at: string | null;
    }>`SELECT last_received_at FROM mailboxes WHERE id = ${before.id}`.execute(db());
    assert.ok(read.last_received_at, 'the INTERNALDATE of the last message read is kept');
    const lastRead = new Date(read.last_received_at).getTime();

    // The new server holds mail from before the last read (migrated: read already, or older) and mail that came after.
    const movedTo = await mailUser(greenmail, 'after-move', 'sender.test');
    const oldId = `<old-${randomUUID()}@sender.test>`;
    const newId = `<new-${randomUUID()}@sender.test>`;
    const raw = (id: string) =>
      `From: ${movedTo}\r\nTo: ${movedTo}\r\nSubject: Mail\r\nMessage-ID: ${id}\r\n\r\nHello.\r\n`;
    await appendToInbox(greenmail, movedTo, MAIL_PASSWORD, [
      { raw: raw(oldId), date: new Date(lastRead - 3 * 3600_000) },
      { raw: raw(newId), date: new Date(lastRead + 5 * 60_000) },
    ]);
    // What `mailbox connect` does on another server: new sealed URL, the cursor and last full read reset.
    const credentials = new MailboxCredentials(stack.config.webhookSecretKey);
    await sql`UPDATE mailboxes SET imap_url_encrypted = ${credentials.seal(before.id, 'imap', greenmail.urls(movedTo, MAIL_PASSWORD).imapUrl)},
              uid_validity = NULL, last_uid = NULL, last_synced_at = NULL WHERE id = ${before.id}`.execute(db());
    await syncOnce(before.id);
    const ids = (await inboxRows(stack, before.id)).map((r) => r.rfc_message_id);
    assert.ok(ids.includes(newId.replace(/[<>]/g, '')), 'the mail after the last read is read');
    assert.ok(
      !ids.includes(oldId.replace(/[<>]/g, '')),
      'the mail from before it is not read again, though the mailbox is two days old',
    );
  });
});
