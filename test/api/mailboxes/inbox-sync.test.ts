// The inbox sync end to end on a real mail server (GreenMail): a connected mailbox's sync workflow
// reads what prospects send back over SMTP. A threaded reply is message.replied and the run leaves
// ACTIVE; a delivery status notification ends its run BOUNCED; an auto-reply is OUT_OF_OFFICE;
// unrelated mail is recorded IGNORED and no message's \Seen flag changes.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ImapFlow } from 'imapflow';
import { stopMailboxSync, startMailboxSync } from '../../../workflows/mailbox-sync.client.ts';
import { mailboxSyncStatusQuery, mailboxSyncWorkflowId } from '../../../workflows/mailbox-sync.definitions.ts';
import * as admin from '../../../domain/admin/admin.service.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { gmailDsn, personReply, vacationReply } from '../../helpers/inbox-samples.ts';
import {
  MAIL_PASSWORD,
  deliverRaw,
  enrollMailProspect,
  inboxRows,
  insertMailbox,
  mailUser,
  readInbox,
  startSyncAndWaitForCursor,
} from '../../helpers/mailboxes.ts';
import { parseInboxMessage } from '../../../domain/mailboxes/inbox-message.ts';
import { eventsOf, insertTemplate, messagesOf, sequenceRow, until } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('inbox sync (GreenMail)', function () {
  this.timeout(180_000);
  let stack: Stack;
  let greenmail: RunningGreenMail;
  let org: TestOrg;
  let mailbox: string;
  let mailboxId: string;
  let templateId: string;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    stack = await getStack();
    greenmail = await getGreenMail();
    org = await newOrg(stack);
    mailbox = await mailUser(greenmail, 'sam', 'sender.test');
    mailboxId = await insertMailbox(stack, greenmail, {
      organizationId: org.organizationId,
      userId: org.userId,
      email: mailbox,
    });
    // A follow-up days later keeps each run ACTIVE after its first email.
    templateId = await insertTemplate(
      stack,
      org.organizationId,
      [
        { type: 'EMAIL', delay_days: 1 / 86_400, subject: 'Quick question', body: 'Hello {{first_name}}' },
        { type: 'EMAIL', delay_days: 5, subject: 'Following up', body: 'Any thoughts, {{first_name}}?' },
      ],
      { senderUserId: org.userId },
    );
    await startSyncAndWaitForCursor(stack, { id: mailboxId, organizationId: org.organizationId });
    assert.equal((await syncStatus())?.phase, 'SYNCING');
  });

  after(async () => {
    await sql`UPDATE mailboxes SET status = 'DISCONNECTED' WHERE organization_id = ${org.organizationId}`.execute(db());
    await stopMailboxSync(stack.temporal, mailboxId);
  });

  const syncStatus = async () =>
    stack.temporal.workflow
      .getHandle(mailboxSyncWorkflowId(mailboxId))
      .query(mailboxSyncStatusQuery)
      .catch(() => null);

  /** A GreenMail prospect enrolled in the template; the run is still ACTIVE after its first email. */
  async function enrolledProspect(local: string) {
    const prospect = await enrollMailProspect(stack, greenmail, org, templateId, local);
    assert.equal((await sequenceRow(stack, prospect.sequenceId)).status, 'ACTIVE');
    return prospect;
  }

  const eventTypes = async (sequenceId: string) => (await eventsOf(stack, sequenceId)).map((e) => e.type);

  it('when the prospect replies over SMTP with In-Reply-To, then message.replied fires once and the run leaves ACTIVE', async () => {
    const prospect = await enrolledProspect('reply');
    // The email went out through the sender's mailbox: the prospect reads it over IMAP and answers its Message-ID.
    const received = await readInbox(greenmail, prospect.address);
    assert.equal(received.length, 1);
    const email = await parseInboxMessage(received[0].source);
    assert.equal(email.from, mailbox);
    assert.equal(`<${email.messageId}>`, prospect.messageId);
    const ids = { mailbox, prospect: prospect.address, sentMessageId: email.messageId! };
    await deliverRaw(
      greenmail,
      prospect.address,
      mailbox,
      personReply(ids, 'Who are you and how did you get my address?'),
    );
    await until(async () => (await eventTypes(prospect.sequenceId)).includes('message.replied'), {
      timeoutMs: 30_000,
      what: 'message.replied',
    });
    const run = await sequenceRow(stack, prospect.sequenceId);
    assert.notEqual(run.status, 'ACTIVE');
    assert.equal(run.status, 'WAITING_FOR_USER');
    const inbound = (await messagesOf(stack, prospect.sequenceId)).filter((m) => m.direction === 'INBOUND');
    assert.equal(inbound.length, 1);
    assert.match(inbound[0].body, /^Who are you and how did you get my address\?/);
    assert.equal(inbound[0].subject, 'Re: Quick question');
    const recorded = (await inboxRows(stack, mailboxId)).filter((r) => r.kind === 'REPLY');
    assert.equal(recorded.length, 1);
    assert.equal(recorded[0].matched_message_id, (await messagesOf(stack, prospect.sequenceId))[0].id);
    assert.equal(recorded[0].detail?.matched_by, 'MESSAGE_ID');
  });

  it("when a reply names no Message-ID, then it matches the contact's latest email from this mailbox by its subject; another subject is ignored", async () => {
    const prospect = await enrolledProspect('unthreaded');
    const ids = { mailbox, prospect: prospect.address, sentMessageId: prospect.messageId };
    await deliverRaw(
      greenmail,
      prospect.address,
      mailbox,
      personReply({ ...ids, subject: 'Something else' }, 'Unrelated question.', { threaded: false }),
    );
    await deliverRaw(greenmail, prospect.address, mailbox, personReply(ids, 'Who are you?', { threaded: false }));
    await until(async () => (await eventTypes(prospect.sequenceId)).includes('message.replied'), {
      timeoutMs: 30_000,
      what: 'message.replied',
    });
    const mine = (await inboxRows(stack, mailboxId)).filter((r) => r.detail?.from === prospect.address);
    assert.deepEqual(
      mine.map((r) => [r.kind, r.detail?.matched_by ?? null]),
      [
        ['IGNORED', null],
        ['REPLY', 'CONTACT'],
      ],
    );
    assert.equal((await messagesOf(stack, prospect.sequenceId)).filter((m) => m.direction === 'INBOUND').length, 1);
  });

  it("when a delivery status notification (5.1.1) reports the email, then the run ends FAILED BOUNCED and the contact's email is BOUNCED", async () => {
    const prospect = await enrolledProspect('bounce');
    const daemon = await mailUser(greenmail, 'mailer-daemon', 'mx.test');
    await deliverRaw(
      greenmail,
      daemon,
      mailbox,
      gmailDsn({ mailbox, prospect: prospect.address, sentMessageId: prospect.messageId }),
    );
    await until(async () => (await sequenceRow(stack, prospect.sequenceId)).status === 'FAILED', {
      timeoutMs: 30_000,
      what: 'the run failed',
    });
    assert.equal((await sequenceRow(stack, prospect.sequenceId)).stopped_reason, 'BOUNCED');
    assert.ok((await eventTypes(prospect.sequenceId)).includes('sequence.stopped'));
    const { rows } = await sql<{
      email_status: string;
    }>`SELECT email_status FROM contacts WHERE id = ${prospect.contactId}`.execute(db());
    assert.equal(rows[0].email_status, 'BOUNCED');
    const bounce = (await inboxRows(stack, mailboxId)).find((r) => r.kind === 'BOUNCE');
    assert.equal(bounce?.detail?.status, '5.1.1');
  });

  it("when a vacation responder answers (Auto-Submitted: auto-replied), then the reply is OUT_OF_OFFICE, never a person's", async () => {
    const prospect = await enrolledProspect('away');
    const raw = vacationReply(
      { mailbox, prospect: prospect.address, sentMessageId: prospect.messageId },
      { body: 'Thanks, I will get back to you, I promise. Sounds good!' },
    );
    await deliverRaw(greenmail, prospect.address, mailbox, raw);
    await until(async () => (await eventTypes(prospect.sequenceId)).includes('message.replied'), {
      timeoutMs: 30_000,
      what: 'message.replied',
    });
    const { rows } = await sql<{
      reply_category: string;
    }>`SELECT reply_category FROM messages WHERE sequence_id = ${prospect.sequenceId} AND direction = 'INBOUND'`.execute(
      db(),
    );
    assert.deepEqual(
      rows.map((r) => r.reply_category),
      ['OUT_OF_OFFICE'],
      'its words alone would have made it INTERESTED',
    );
    assert.notEqual((await sequenceRow(stack, prospect.sequenceId)).status, 'SUCCEEDED');
    assert.ok((await inboxRows(stack, mailboxId)).some((r) => r.kind === 'AUTO_REPLY'));
  });

  it('when unrelated mail arrives, then it is recorded IGNORED, left in the inbox and no \\Seen flag is set', async () => {
    const stranger = await mailUser(greenmail, 'stranger', 'elsewhere.test');
    const messageId = `<newsletter-${randomUUID()}@elsewhere.test>`;
    await deliverRaw(
      greenmail,
      stranger,
      mailbox,
      `From: ${stranger}\r\nTo: ${mailbox}\r\nSubject: Our November newsletter\r\nMessage-ID: ${messageId}\r\n\r\nNews.\r\n`,
    );
    await until(
      async () => (await inboxRows(stack, mailboxId)).some((r) => r.rfc_message_id === messageId.replace(/[<>]/g, '')),
      { timeoutMs: 30_000, what: 'the newsletter recorded' },
    );
    const row = (await inboxRows(stack, mailboxId)).find((r) => r.rfc_message_id === messageId.replace(/[<>]/g, ''));
    assert.equal(row?.kind, 'IGNORED');

    const imap = new ImapFlow({
      host: greenmail.host,
      port: greenmail.imapPort,
      secure: false,
      auth: { user: mailbox, pass: MAIL_PASSWORD },
      logger: false,
    });
    await imap.connect();
    try {
      await imap.mailboxOpen('INBOX', { readOnly: true });
      const flags: string[][] = [];
      for await (const message of imap.fetch('1:*', { flags: true })) flags.push([...(message.flags ?? [])]);
      assert.equal(flags.length, (await inboxRows(stack, mailboxId)).length, 'every message is still in the inbox');
      assert.deepEqual(
        flags.filter((f) => f.includes('\\Seen')),
        [],
        'no message was marked seen',
      );
    } finally {
      await imap.logout();
    }
  });

  it("when the IMAP login is refused, then the mailbox is AUTH_FAILED with the server's answer and the workflow waits, saying why", async () => {
    const user = await admin.createUser(stack.orm.em.fork(), {
      organizationId: org.organizationId,
      email: `locked-${randomUUID().slice(0, 8)}@sender.test`,
      name: 'Locked',
    });
    const userId = user.id;
    const address = await mailUser(greenmail, 'locked', 'sender.test');
    const lockedId = await insertMailbox(stack, greenmail, {
      organizationId: org.organizationId,
      userId,
      email: address,
      password: 'not the password',
    });
    await startMailboxSync(stack.temporal, { id: lockedId, organizationId: org.organizationId }, stack.taskQueue);
    try {
      await until(
        async () =>
          (await sql<{ status: string }>`SELECT status FROM mailboxes WHERE id = ${lockedId}`.execute(db())).rows[0]
            .status === 'AUTH_FAILED',
        { timeoutMs: 30_000, what: 'AUTH_FAILED' },
      );
      const { rows } = await sql<{
        last_error: string;
      }>`SELECT last_error FROM mailboxes WHERE id = ${lockedId}`.execute(db());
      assert.match(rows[0].last_error, /^IMAP: the IMAP server refused the login/);
      assert.doesNotMatch(rows[0].last_error, /not the password/);
      const handle = stack.temporal.workflow.getHandle(mailboxSyncWorkflowId(lockedId));
      await until(async () => (await handle.query(mailboxSyncStatusQuery)).phase === 'WAITING_AFTER_FAILURE', {
        timeoutMs: 20_000,
        what: 'the wait after the refusal',
      });
      const status = await handle.query(mailboxSyncStatusQuery);
      assert.match(status.lastError ?? '', /refused the login/);
      assert.ok(status.retryAt && Date.parse(status.retryAt) > Date.now());
    } finally {
      await stopMailboxSync(stack.temporal, lockedId);
    }
  });

  it("when every message is recorded, then the mailbox's cursor is at the last UID recorded, and last_synced_at is set", async () => {
    const rows = await inboxRows(stack, mailboxId);
    const { rows: cursor } = await sql<{
      last_uid: string;
      uid_validity: string;
      last_synced_at: Date | null;
    }>`SELECT last_uid, uid_validity, last_synced_at FROM mailboxes WHERE id = ${mailboxId}`.execute(db());
    assert.equal(cursor[0].last_uid, rows.at(-1)?.uid);
    assert.equal(cursor[0].uid_validity, rows.at(-1)?.uid_validity);
    assert.ok(cursor[0].last_synced_at);
  });

  it('when the mailbox is disconnected, then stopping its sync ends the workflow, STOPPED', async () => {
    await sql`UPDATE mailboxes SET status = 'DISCONNECTED' WHERE id = ${mailboxId}`.execute(db());
    await stopMailboxSync(stack.temporal, mailboxId);
    const handle = stack.temporal.workflow.getHandle(mailboxSyncWorkflowId(mailboxId));
    await until(async () => (await handle.describe()).status.name === 'COMPLETED', {
      timeoutMs: 30_000,
      what: 'the workflow ended',
    });
    assert.equal((await handle.query(mailboxSyncStatusQuery)).phase, 'STOPPED');
  });
});
