// A run's emails through its sender's connected mailbox, against a real SMTP and IMAP server
// (GreenMail): the email arrives in the prospect's inbox From the mailbox address with the recorded
// Message-ID; a mailbox whose login is refused holds the email (status query waitingFor MAILBOX,
// the mailbox AUTH_FAILED with its reason) and fixing it sends the email exactly once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { newOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { readInbox } from '../../helpers/imap-inbox.ts';
import { insertContact, insertSequence, insertTemplate, messagesOf, until } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { MailboxCredentials } from '../../../domain/mailboxes/credentials.ts';
import { connectMailbox, MailboxError, testMailbox } from '../../../domain/mailboxes/mailboxes.service.ts';
import { mailboxSending } from '../../../domain/mailboxes/mailbox-sending.ts';
import { deliverRunsChanged } from '../../../domain/workflow-commands/deliver.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import {
  SEQUENCE_WORKFLOW,
  sequenceStatusQuery,
  sequenceWorkflowId,
  type SequenceInput,
} from '../../../workflows/sequence.definitions.ts';

describe('sending through a connected mailbox', function () {
  this.timeout(120_000);
  let stack: Stack;
  let mail: RunningGreenMail;
  let credentials: MailboxCredentials;

  before(async () => {
    [stack, mail] = await Promise.all([getStack(), getGreenMail()]);
    credentials = new MailboxCredentials(stack.config.webhookSecretKey);
  });

  /** An organization whose owner sends from a GreenMail mailbox, and a prospect with a GreenMail inbox. */
  async function setup() {
    const org = await newOrg(stack);
    const tag = randomUUID().slice(0, 8);
    const sender = { address: `rep-${tag}@sales.test`, password: `pw-${tag}` };
    const prospect = { address: `prospect-${tag}@buyer.test`, password: `pp-${tag}` };
    await Promise.all([
      mail.addUser(sender.address, sender.password),
      mail.addUser(prospect.address, prospect.password),
    ]);
    const contactId = await insertContact(stack, org.organizationId, { email: prospect.address, firstName: 'Pat' });
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [{ type: 'EMAIL', delay_days: 0, subject: 'Hello {{first_name}}', body: 'Hi {{first_name}}' }],
      { senderUserId: org.userId },
    );
    return { org, sender, prospect, contactId, templateId };
  }

  async function startRun(s: Awaited<ReturnType<typeof setup>>) {
    const sequenceId = await insertSequence(stack, s.org.organizationId, {
      contactId: s.contactId,
      templateId: s.templateId,
    });
    const input: SequenceInput = { sequenceId, organizationId: s.org.organizationId };
    const handle = await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: stack.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
    return { sequenceId, handle };
  }

  async function recordedMessageId(sequenceId: string): Promise<string> {
    const { rows } = await sql<{
      message_id: string;
    }>`SELECT request ->> 'messageId' AS message_id FROM outbound_effects WHERE sequence_id = ${sequenceId} AND kind = 'EMAIL'`.execute(
      stack.orm.em.fork().getKysely(),
    );
    assert.equal(rows.length, 1);
    return rows[0].message_id;
  }

  it("when the sender has a connected mailbox, then the email reaches the prospect's inbox From the mailbox with the recorded Message-ID", async () => {
    const s = await setup();
    const urls = mail.urls(s.sender.address, s.sender.password);
    const connected = await connectMailbox(
      stack.orm.em.fork(),
      { credentials },
      { userId: s.org.userId, smtpUrl: urls.smtpUrl, imapUrl: urls.imapUrl },
    );
    assert.equal(connected.mailbox.status, 'CONNECTED');
    const { sequenceId, handle } = await startRun(s);
    await until(async () => (await messagesOf(stack, sequenceId)).length === 1, 30_000);
    await until(async () => (await readInbox(mail, s.prospect.address, s.prospect.password)).length > 0, 15_000);
    const inbox = await readInbox(mail, s.prospect.address, s.prospect.password);
    assert.equal(inbox.length, 1);
    assert.equal(inbox[0].from, s.sender.address);
    assert.equal(inbox[0].subject, 'Hello Pat');
    assert.equal(inbox[0].messageId, await recordedMessageId(sequenceId));
    await handle.terminate('test done').catch(() => {});
  });

  it("when the mailbox's login is refused, then the email waits (MAILBOX), the mailbox shows AUTH_FAILED, and fixing it sends the email exactly once", async () => {
    const s = await setup();
    // Connected while the password worked; the password then changes at the server (simulated: the stored one is wrong but the status says CONNECTED).
    const wrong = mail.urls(s.sender.address, 'revoked-password');
    const stored = await connectMailbox(
      stack.orm.em.fork(),
      { credentials },
      { userId: s.org.userId, smtpUrl: wrong.smtpUrl, imapUrl: wrong.imapUrl },
    );
    await sql`UPDATE mailboxes SET status = 'CONNECTED', last_error = NULL WHERE id = ${stored.mailbox.id}`.execute(
      stack.orm.em.fork().getKysely(),
    );

    const { sequenceId, handle } = await startRun(s);
    await until(async () => (await handle.query(sequenceStatusQuery)).waitingFor === 'MAILBOX', 30_000);
    const waiting = await handle.query(sequenceStatusQuery);
    assert.equal(waiting.ended, false);
    assert.ok(waiting.nextWakeUp, 'the held email is tried again by itself after a while');
    const { rows } = await sql<{
      status: string;
      last_error: string;
    }>`SELECT status, last_error FROM mailboxes WHERE id = ${stored.mailbox.id}`.execute(
      stack.orm.em.fork().getKysely(),
    );
    assert.equal(rows[0].status, 'AUTH_FAILED', 'the 535 at send time marked the mailbox');
    assert.match(rows[0].last_error, /535|[Aa]uthentication/);
    assert.ok(!rows[0].last_error.includes('revoked-password'));
    // What the send threw is kept on the email's ledger row too: without the password or login, in any spelling.
    const { rows: effects } = await sql<{
      last_error: string | null;
    }>`SELECT last_error FROM outbound_effects WHERE sequence_id = ${sequenceId}`.execute(
      stack.orm.em.fork().getKysely(),
    );
    const plain = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    for (const secret of [
      'revoked-password',
      s.sender.address,
      encodeURIComponent(s.sender.address),
      plain(`\0${s.sender.address}\0revoked-password`),
    ]) {
      assert.ok(!(effects[0].last_error ?? '').includes(secret), `${effects[0].last_error} names ${secret}`);
    }
    assert.deepEqual(await messagesOf(stack, sequenceId), []);
    assert.deepEqual(await readInbox(mail, s.prospect.address, s.prospect.password), []);

    // Still refused: a test keeps it AUTH_FAILED and the email keeps waiting.
    assert.equal(
      (await testMailbox(stack.orm.em.fork(), { credentials }, stored.mailbox.id)).mailbox.status,
      'AUTH_FAILED',
    );
    assert.equal((await handle.query(sequenceStatusQuery)).waitingFor, 'MAILBOX');

    // Re-connected with the right password: the run is told and the email goes out, once.
    const right = mail.urls(s.sender.address, s.sender.password);
    const fixed = await connectMailbox(
      stack.orm.em.fork(),
      { credentials },
      { userId: s.org.userId, smtpUrl: right.smtpUrl, imapUrl: right.imapUrl },
    );
    assert.equal(fixed.mailbox.status, 'CONNECTED');
    assert.deepEqual(fixed.wokenSequenceIds, [sequenceId]);
    await deliverRunsChanged(
      stack.orm.em.fork(),
      { workflows: createWorkflowClients(stack.temporal, stack.taskQueue) },
      fixed.wokenSequenceIds,
    );
    await until(async () => (await messagesOf(stack, sequenceId)).length === 1, 30_000);
    await until(async () => (await readInbox(mail, s.prospect.address, s.prospect.password)).length > 0, 15_000);
    const inbox = await readInbox(mail, s.prospect.address, s.prospect.password);
    await new Promise((r) => setTimeout(r, 1500)); // a second copy would have arrived by now
    const final = await readInbox(mail, s.prospect.address, s.prospect.password);
    assert.equal(final.length, 1, 'sent exactly once');
    assert.equal(inbox[0].messageId, await recordedMessageId(sequenceId));
    assert.equal(inbox[0].from, s.sender.address);
    await handle.terminate('test done').catch(() => {});
  });

  it("when a mailbox's sealed credentials are copied into another mailbox's row, then they do not open there: its email waits AUTH_FAILED, its test is refused", async () => {
    const [a, b] = [await setup(), await setup()];
    const urlsA = mail.urls(a.sender.address, a.sender.password);
    const urlsB = mail.urls(b.sender.address, b.sender.password);
    const mailboxA = (
      await connectMailbox(
        stack.orm.em.fork(),
        { credentials },
        { userId: a.org.userId, smtpUrl: urlsA.smtpUrl, imapUrl: urlsA.imapUrl },
      )
    ).mailbox;
    const mailboxB = (
      await connectMailbox(
        stack.orm.em.fork(),
        { credentials },
        { userId: b.org.userId, smtpUrl: urlsB.smtpUrl, imapUrl: urlsB.imapUrl },
      )
    ).mailbox;
    const db = stack.orm.em.fork().getKysely();
    await sql`UPDATE mailboxes SET (smtp_url_encrypted, imap_url_encrypted) = (SELECT smtp_url_encrypted, imap_url_encrypted FROM mailboxes WHERE id = ${mailboxA.id}) WHERE id = ${mailboxB.id}`.execute(
      db,
    );

    await assert.rejects(
      testMailbox(stack.orm.em.fork(), { credentials }, mailboxB.id),
      (error: Error) => error instanceof MailboxError && /do not open/.test(error.message),
    );
    const sending = mailboxSending({
      credentials,
      fallback: {
        send: async () => {
          throw new Error('the service transport is not for a connected sender');
        },
      },
    });
    const route = await sending.route(stack.orm.em.fork(), b.org.userId);
    assert.equal(route.kind, 'HELD');
    const { rows } = await sql<{
      status: string;
      last_error: string;
    }>`SELECT status, last_error FROM mailboxes WHERE id = ${mailboxB.id}`.execute(db);
    assert.equal(rows[0].status, 'AUTH_FAILED');
    assert.match(rows[0].last_error, /do not open .*connect the mailbox again/);
    const own = await sending.route(stack.orm.em.fork(), a.org.userId);
    assert.equal(own.kind, 'TRANSPORT', 'in their own row they still open');
    if (own.kind === 'TRANSPORT') own.close();
  });
});
