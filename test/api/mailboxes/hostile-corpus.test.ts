// Inbound mail is hostile input (issue 31), end to end on GreenMail: each message of the hostile
// corpus (test/helpers/hostile-mail.ts) is delivered over SMTP to a connected mailbox, followed by
// the prospect's genuine reply. Every hostile message is recorded (REPLY, BOUNCE, AUTO_REPLY,
// IGNORED or UNREADABLE with its reason), the cursor passes it, and the genuine reply becomes
// message.replied on the run within the usual time. Afterwards no stored row holds NUL or a lone
// surrogate.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { stopMailboxSync } from '../../../workflows/mailbox-sync.client.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { genuineReply, hostileCorpus, type HostileIds, type HostileMail } from '../../helpers/hostile-mail.ts';
import {
  deliverRaw,
  enrollMailProspect,
  inboxRows,
  insertMailbox,
  mailUser,
  unstorableText,
  type InboxRow,
  startSyncAndWaitForCursor,
} from '../../helpers/mailboxes.ts';
import { eventsOf, insertTemplate, messagesOf, sequenceRow, until } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

type Kind = 'REPLY' | 'BOUNCE' | 'AUTO_REPLY' | 'IGNORED' | 'UNREADABLE';
const ANY: Kind[] = ['REPLY', 'BOUNCE', 'AUTO_REPLY', 'IGNORED', 'UNREADABLE'];

/** What each case may be recorded as, and what else must hold of its row. */
const EXPECTED: { match: RegExp; kinds: Kind[]; check?: (row: InboxRow) => void }[] = [
  // Odd text in a genuine, threaded reply: it is still the prospect's reply, its text made storable.
  { match: /^(subject|from-name|body)-/, kinds: ['REPLY'] },
  { match: /^mime-\d+-parts$/, kinds: ['REPLY', 'UNREADABLE'] },
  {
    match: /^huge-/,
    kinds: ['REPLY', 'UNREADABLE'],
    // Fetched as its headers and first part (partial), and the row says so.
    check: (row) =>
      assert.match(
        String(row.detail?.read ?? ''),
        /size limit/,
        `a message over the size limit is read in part and says so: ${JSON.stringify(row.detail)}`,
      ),
  },
  // Names no email of ours: nothing to bounce.
  { match: /^pseudo-bounce-/, kinds: ['IGNORED', 'UNREADABLE'] },
  { match: /-ours-newest$/, kinds: ['REPLY'], check: (row) => assert.equal(row.detail?.matched_by, 'MESSAGE_ID') },
  { match: /-ours-buried$/, kinds: ['IGNORED'] },
  { match: /.*/, kinds: ANY },
];

describe('hostile inbound mail, end to end (GreenMail)', function () {
  this.timeout(240_000);
  let stack: Stack;
  let greenmail: RunningGreenMail;
  let org: TestOrg;
  let mailboxId: string;
  let stranger: string;
  let prospect: Awaited<ReturnType<typeof enrollMailProspect>>;
  let ids: HostileIds;
  let corpus: HostileMail[];
  const db = () => stack.orm.em.fork().getKysely();

  before(async function () {
    this.timeout(180_000);
    stack = await getStack();
    greenmail = await getGreenMail();
    org = await newOrg(stack);
    const mailbox = await mailUser(greenmail, 'sam', 'sender.test');
    stranger = await mailUser(greenmail, 'relay', 'unrelated.example');
    mailboxId = await insertMailbox(stack, greenmail, {
      organizationId: org.organizationId,
      userId: org.userId,
      email: mailbox,
    });
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [
        { type: 'EMAIL', delay_days: 1 / 86_400, subject: 'Quick question', body: 'Hello {{first_name}}' },
        { type: 'EMAIL', delay_days: 5, subject: 'Following up', body: 'Any thoughts, {{first_name}}?' },
      ],
      { senderUserId: org.userId },
    );
    await startSyncAndWaitForCursor(stack, { id: mailboxId, organizationId: org.organizationId });
    prospect = await enrollMailProspect(stack, greenmail, org, templateId, 'pat');
    ids = { mailbox, prospect: prospect.address, sentMessageId: prospect.messageId };
    corpus = hostileCorpus(ids);
  });

  after(async () => {
    await sql`UPDATE mailboxes SET status = 'DISCONNECTED' WHERE organization_id = ${org.organizationId}`.execute(db());
    await stopMailboxSync(stack.temporal, mailboxId);
  });

  /** The INBOUND message of the run whose body carries `marker`, once message.replied names it. */
  async function repliedWith(marker: string): Promise<string | null> {
    const inbound = (await messagesOf(stack, prospect.sequenceId)).find(
      (m) => m.direction === 'INBOUND' && m.body.includes(marker),
    );
    if (!inbound) return null;
    const replied = (await eventsOf(stack, prospect.sequenceId)).some(
      (e) => e.type === 'message.replied' && JSON.stringify(e.payload).includes(inbound.id),
    );
    return replied ? inbound.id : null;
  }

  const names = [
    'subject-nul',
    'subject-lone-surrogate',
    'from-name-nul',
    'from-name-lone-surrogate',
    'body-qp-nul',
    'body-utf16-lone-surrogate',
    'mime-1005-parts',
    'huge-25mb',
    'pseudo-bounce-90000-addresses',
    'references-30000-ours-newest',
    'references-30000-ours-buried',
    'head-5000-fields',
    'nested-500-multiparts',
    'unknown-charset-8bit-nul',
  ];

  it('when the corpus is built, then it holds the cases below, in this order', () => {
    assert.deepEqual(
      corpus.map((c) => c.name),
      names,
    );
    const sizes = Object.fromEntries(corpus.map((c) => [c.name, c.raw.length]));
    assert.ok(sizes['huge-25mb'] >= 25 * 1024 * 1024, `the huge message has ${sizes['huge-25mb']} bytes`);
    assert.ok(
      sizes['pseudo-bounce-90000-addresses'] >= 2_500_000,
      `the pseudo-bounce has ${sizes['pseudo-bounce-90000-addresses']} bytes`,
    );
  });

  for (const name of names) {
    it(`when "${name}" arrives and the prospect's genuine reply after it, then it is recorded, the cursor passes it and the reply is message.replied`, async function () {
      this.timeout(name.startsWith('huge') ? 180_000 : 90_000);
      const hostile = corpus.find((c) => c.name === name);
      assert.ok(hostile, `no case ${name}`);
      await deliverRaw(greenmail, hostile.shape === 'BOUNCE' ? stranger : prospect.address, ids.mailbox, hostile.raw);
      const genuine = genuineReply(ids, name);
      await deliverRaw(greenmail, prospect.address, ids.mailbox, genuine.raw);
      // The usual time: the genuine reply behind a hostile message is read as soon as one without it would be.
      await until(async () => (await repliedWith(genuine.marker)) !== null, {
        timeoutMs: 30_000,
        what: `message.replied for the genuine reply after ${name}`,
      });

      const rows = await inboxRows(stack, mailboxId);
      const reply = rows.find((r) => r.rfc_message_id === genuine.messageId);
      assert.ok(reply, 'the genuine reply is recorded');
      assert.equal(reply.kind, 'REPLY', 'the genuine reply is recorded as a REPLY');
      // Delivered one after the other, the hostile message has the UID just below the reply's.
      const row = rows.find((r) => Number(r.uid) === Number(reply.uid) - 1);
      assert.ok(row, `the hostile message (UID ${Number(reply.uid) - 1}) is recorded`);
      const expected = EXPECTED.find((e) => e.match.test(name))!;
      assert.ok(
        expected.kinds.includes(row.kind as Kind),
        `${name} was recorded ${row.kind} (${JSON.stringify(row.detail)}); expected one of ${expected.kinds.join(', ')}`,
      );
      if (row.kind === 'UNREADABLE')
        assert.ok(typeof row.detail?.reason === 'string' && row.detail.reason.length > 0, 'an UNREADABLE row says why');
      if (row.kind === 'IGNORED') assert.ok(row.detail?.reason, 'an IGNORED row says why');
      expected.check?.(row);
      const { rows: cursor } = await sql<{
        last_uid: string;
      }>`SELECT last_uid FROM mailboxes WHERE id = ${mailboxId}`.execute(db());
      assert.ok(Number(cursor[0].last_uid) >= Number(reply.uid), 'the cursor passed the hostile message and the reply');
    });
  }

  it("when the corpus has been read, then no bounce was applied: the contact's email is not BOUNCED and the run did not fail", async () => {
    const { rows } = await sql<{
      email_status: string;
    }>`SELECT email_status FROM contacts WHERE id = ${prospect.contactId}`.execute(db());
    assert.notEqual(rows[0].email_status, 'BOUNCED');
    const run = await sequenceRow(stack, prospect.sequenceId);
    assert.notEqual(run.status, 'FAILED', `the run is ${run.status} (${run.stopped_reason})`);
    assert.equal((await inboxRows(stack, mailboxId)).filter((r) => r.kind === 'BOUNCE').length, 0);
  });

  it('when the corpus has been read, then no stored row holds NUL or a lone surrogate, as a character or a JSON escape', async () => {
    assert.deepEqual(await unstorableText(stack), []);
  });

  it('when the corpus has been read, then each genuine reply is one INBOUND message with one message.replied', async () => {
    const inbound = (await messagesOf(stack, prospect.sequenceId)).filter((m) => m.direction === 'INBOUND');
    const genuine = inbound.filter((m) => m.body.startsWith('Genuine reply after '));
    assert.equal(genuine.length, names.length);
    const replied = (await eventsOf(stack, prospect.sequenceId)).filter((e) => e.type === 'message.replied');
    assert.equal(replied.length, inbound.length, 'one message.replied per INBOUND message');
  });
});
