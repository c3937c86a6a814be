// Inbound mail acts only when it is about a message the service sent, with the authority it claims,
// and once per organization (issue 31), end to end on GreenMail: a forged plain-text bounce naming a
// prospect bounces nothing; a DSN whose DMARC failed bounces nothing (the same DSN passing does); a
// stranger's "unsubscribe" to our Message-ID is a reply but excludes no one, nor does the contact's
// own when DMARC failed (it does when it passed, or says nothing); the same reply in two mailboxes
// of one organization is applied once; a reply without Message-ID is applied once across a
// UIDVALIDITY change.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import * as admin from '../../../domain/admin/admin.service.ts';
import { startMailboxSync, stopMailboxSync } from '../../../workflows/mailbox-sync.client.ts';
import { mailboxSyncWorkflowId } from '../../../workflows/mailbox-sync.definitions.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import {
  authenticationResults,
  forgedTextBounce,
  genuineReply,
  replyWithoutMessageId,
  unsubscribeReply,
} from '../../helpers/hostile-mail.ts';
import { gmailDsn, personReply } from '../../helpers/inbox-samples.ts';
import {
  deliverRaw,
  enrollMailProspect,
  inboxRows,
  insertMailbox,
  mailUser,
  unstorableText,
  startSyncAndWaitForCursor,
} from '../../helpers/mailboxes.ts';
import { eventsOf, insertTemplate, messagesOf, sequenceRow, until } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

describe('hostile inbound mail: authority and once per organization (GreenMail)', function () {
  this.timeout(120_000);
  let stack: Stack;
  let greenmail: RunningGreenMail;
  let org: TestOrg;
  let templateId: string;
  let mailbox: string;
  let mailboxId: string;
  /** The organization's second sender and mailbox (the two-mailbox and UIDVALIDITY cases). */
  let otherMailbox: string;
  let otherMailboxId: string;
  let daemon: string;
  const db = () => stack.orm.em.fork().getKysely();

  async function connect(address: string, userId: string): Promise<string> {
    const id = await insertMailbox(stack, greenmail, { organizationId: org.organizationId, userId, email: address });
    await startSyncAndWaitForCursor(stack, { id, organizationId: org.organizationId });
    return id;
  }

  before(async function () {
    this.timeout(180_000);
    stack = await getStack();
    greenmail = await getGreenMail();
    org = await newOrg(stack);
    daemon = await mailUser(greenmail, 'mailer-daemon', 'mx.test');
    mailbox = await mailUser(greenmail, 'sam', 'sender.test');
    otherMailbox = await mailUser(greenmail, 'alex', 'sender.test');
    const other = await admin.createUser(stack.orm.em.fork(), {
      organizationId: org.organizationId,
      email: `alex-${randomUUID()}@sender.test`,
      name: 'Alex',
    });
    mailboxId = await connect(mailbox, org.userId);
    otherMailboxId = await connect(otherMailbox, other.id);
    templateId = await insertTemplate(
      stack,
      org.organizationId,
      [
        { type: 'EMAIL', delay_days: 1 / 86_400, subject: 'Quick question', body: 'Hello {{first_name}}' },
        { type: 'EMAIL', delay_days: 5, subject: 'Following up', body: 'Any thoughts, {{first_name}}?' },
      ],
      { senderUserId: org.userId },
    );
  });

  after(async () => {
    await sql`UPDATE mailboxes SET status = 'DISCONNECTED' WHERE organization_id = ${org.organizationId}`.execute(db());
    await stopMailboxSync(stack.temporal, mailboxId);
    await stopMailboxSync(stack.temporal, otherMailboxId);
  });

  async function enrolled(local: string) {
    const prospect = await enrollMailProspect(stack, greenmail, org, templateId, local);
    return { ...prospect, ids: { mailbox, prospect: prospect.address, sentMessageId: prospect.messageId } };
  }

  const rowOf = async (id: string, messageId: string) =>
    (await inboxRows(stack, id)).find((r) => r.rfc_message_id === messageId.replace(/^<|>$/g, ''));
  const recorded = (id: string, messageId: string) =>
    until(async () => (await rowOf(id, messageId)) !== undefined, { timeoutMs: 30_000, what: `${messageId} recorded` });
  const replies = async (sequenceId: string) =>
    (await eventsOf(stack, sequenceId)).filter((e) => e.type === 'message.replied').length;
  const inbound = async (sequenceId: string) =>
    (await messagesOf(stack, sequenceId)).filter((m) => m.direction === 'INBOUND').length;
  const messageIdOf = (raw: string) => /^Message-ID: <([^>]+)>/im.exec(raw)![1];

  async function bounced(prospect: { contactId: string; sequenceId: string }) {
    const { rows } = await sql<{
      email_status: string;
    }>`SELECT email_status FROM contacts WHERE id = ${prospect.contactId}`.execute(db());
    const { rows: sent } = await sql<{
      bounced_at: Date | null;
    }>`SELECT bounced_at FROM messages WHERE sequence_id = ${prospect.sequenceId} AND direction = 'OUTBOUND'`.execute(
      db(),
    );
    const run = await sequenceRow(stack, prospect.sequenceId);
    return {
      contact: rows[0].email_status === 'BOUNCED',
      message: sent.some((m) => m.bounced_at !== null),
      run: run.stopped_reason === 'BOUNCED',
    };
  }

  async function excluded(address: string): Promise<string[]> {
    const { rows } = await sql<{
      reason: string;
    }>`SELECT reason FROM contact_exclusions WHERE organization_id = ${org.organizationId} AND email = ${address.toLowerCase()}`.execute(
      db(),
    );
    return rows.map((r) => r.reason);
  }

  /** Delivers the prospect's genuine reply and waits for its message.replied (within the usual time). */
  async function genuineReplyApplied(prospect: Awaited<ReturnType<typeof enrolled>>, tag: string): Promise<void> {
    const before = await replies(prospect.sequenceId);
    await deliverRaw(greenmail, prospect.address, prospect.ids.mailbox, genuineReply(prospect.ids, tag).raw);
    await until(async () => (await replies(prospect.sequenceId)) > before, {
      timeoutMs: 30_000,
      what: `message.replied for the genuine reply after ${tag}`,
    });
  }

  it('when a plain-text bounce from postmaster@ of an unrelated host names the prospect but no email we sent, then it is IGNORED and nothing bounces', async () => {
    const prospect = await enrolled('forged');
    const forged = forgedTextBounce(prospect.ids);
    await deliverRaw(greenmail, daemon, mailbox, forged.raw);
    await recorded(mailboxId, messageIdOf(forged.raw as string));
    const row = await rowOf(mailboxId, messageIdOf(forged.raw as string));
    assert.equal(row?.kind, 'IGNORED', JSON.stringify(row?.detail));
    assert.ok(row?.detail?.reason, 'it says why');
    assert.deepEqual(await bounced(prospect), { contact: false, message: false, run: false });
    assert.equal((await sequenceRow(stack, prospect.sequenceId)).status, 'ACTIVE');
    await genuineReplyApplied(prospect, 'forged-text-bounce');
  });

  it('when a DSN naming our Message-ID failed DMARC at the receiving server, then no bounce is applied; the same DSN passing DMARC bounces the run', async () => {
    const forged = await enrolled('dsn-dmarc-fail');
    const failing = authenticationResults('mailer-daemon@googlemail.com', 'fail') + gmailDsn(forged.ids);
    await deliverRaw(greenmail, daemon, mailbox, failing);
    await recorded(mailboxId, messageIdOf(failing));
    assert.deepEqual(await bounced(forged), { contact: false, message: false, run: false });
    assert.equal((await sequenceRow(stack, forged.sequenceId)).status, 'ACTIVE');
    assert.notEqual((await rowOf(mailboxId, messageIdOf(failing)))?.kind, 'BOUNCE');

    const real = await enrolled('dsn-dmarc-pass');
    const passing = authenticationResults('mailer-daemon@googlemail.com', 'pass') + gmailDsn(real.ids);
    await deliverRaw(greenmail, daemon, mailbox, passing);
    await until(async () => (await sequenceRow(stack, real.sequenceId)).status === 'FAILED', {
      timeoutMs: 30_000,
      what: 'the bounced run failed',
    });
    assert.deepEqual(await bounced(real), { contact: true, message: true, run: true });
  });

  it('when a stranger answers our Message-ID with "unsubscribe", then it is a reply on the run but the contact is not excluded', async () => {
    const prospect = await enrolled('stranger');
    const strangerAddress = await mailUser(greenmail, 'stranger', 'elsewhere.test');
    const unsubscribe = unsubscribeReply(prospect.ids, { from: strangerAddress });
    await deliverRaw(greenmail, strangerAddress, mailbox, unsubscribe.raw);
    await until(async () => (await replies(prospect.sequenceId)) === 1, {
      timeoutMs: 30_000,
      what: "message.replied for the stranger's reply",
    });
    assert.deepEqual(await excluded(prospect.address), [], 'the contact is not excluded');
    assert.deepEqual(await excluded(strangerAddress), []);
    assert.notEqual((await sequenceRow(stack, prospect.sequenceId)).stopped_reason, 'UNSUBSCRIBED');
    assert.equal((await rowOf(mailboxId, unsubscribe.messageId))?.kind, 'REPLY');
  });

  it('when the contact\'s own "unsubscribe" failed DMARC at the receiving server, then it is a reply but the contact is not excluded', async () => {
    const prospect = await enrolled('spoofed');
    const unsubscribe = unsubscribeReply(prospect.ids, { from: prospect.address, dmarc: 'fail' });
    await deliverRaw(greenmail, prospect.address, mailbox, unsubscribe.raw);
    await until(async () => (await replies(prospect.sequenceId)) === 1, {
      timeoutMs: 30_000,
      what: 'message.replied for the spoofed reply',
    });
    assert.deepEqual(await excluded(prospect.address), []);
    assert.notEqual((await sequenceRow(stack, prospect.sequenceId)).stopped_reason, 'UNSUBSCRIBED');
  });

  for (const dmarc of ['pass', undefined] as const) {
    it(`when the contact's own "unsubscribe" ${dmarc ? 'passed DMARC' : 'carries no authentication verdict'}, then the contact is excluded and the run ends UNSUBSCRIBED`, async () => {
      const prospect = await enrolled(`unsubscribe-${dmarc ?? 'plain'}`);
      const unsubscribe = unsubscribeReply(prospect.ids, { from: prospect.address, dmarc });
      await deliverRaw(greenmail, prospect.address, mailbox, unsubscribe.raw);
      await until(async () => (await excluded(prospect.address)).length > 0, {
        timeoutMs: 30_000,
        what: 'the contact excluded',
      });
      assert.deepEqual(await excluded(prospect.address), ['UNSUBSCRIBED']);
      const run = await sequenceRow(stack, prospect.sequenceId);
      assert.deepEqual([run.status, run.stopped_reason], ['FAILED', 'UNSUBSCRIBED']);
      assert.equal(await replies(prospect.sequenceId), 1);
    });
  }

  it('when the same reply reaches two mailboxes of the organization, then it is applied once: one INBOUND message, one message.replied, one reply task', async () => {
    const prospect = await enrolled('both');
    const messageId = `reply-all-${randomUUID()}@prospect.test`;
    const raw = personReply(prospect.ids, 'Who are you? Copying my colleague.', { messageId });
    await deliverRaw(greenmail, prospect.address, otherMailbox, raw);
    await deliverRaw(greenmail, prospect.address, mailbox, raw);
    await recorded(mailboxId, messageId);
    await recorded(otherMailboxId, messageId);
    const rows = [await rowOf(mailboxId, messageId), await rowOf(otherMailboxId, messageId)];
    assert.deepEqual(rows.map((r) => r?.kind).sort(), ['IGNORED', 'REPLY'], JSON.stringify(rows));
    const copy = rows.find((r) => r?.kind === 'IGNORED');
    assert.ok(
      copy?.detail?.duplicate_of || /already|duplicate|copy/i.test(String(copy?.detail?.reason)),
      `the copy says it is one: ${JSON.stringify(copy?.detail)}`,
    );
    assert.equal(await inbound(prospect.sequenceId), 1);
    assert.equal(await replies(prospect.sequenceId), 1);
    const { rows: tasks } = await sql<{
      id: string;
    }>`SELECT id FROM tasks WHERE sequence_id = ${prospect.sequenceId} AND type = 'EMAIL_REPLY'`.execute(db());
    assert.equal(tasks.length, 1);
  });

  it('when a reply without Message-ID is read again after a UIDVALIDITY change, then it is applied once (known by its digest)', async () => {
    const prospect = await enrolled('no-id');
    await deliverRaw(
      greenmail,
      prospect.address,
      otherMailbox,
      replyWithoutMessageId(prospect.ids, 'Who are you? (sent without a Message-ID)'),
    );
    await until(async () => (await replies(prospect.sequenceId)) === 1, {
      timeoutMs: 30_000,
      what: 'message.replied for the reply without Message-ID',
    });
    const beforeRows = await inboxRows(stack, otherMailboxId);
    assert.ok(
      beforeRows.some((r) => r.rfc_message_id === null && r.kind === 'REPLY'),
      JSON.stringify(beforeRows),
    );

    // The server renumbered the INBOX: what was recorded is under another UIDVALIDITY than the one it now reports.
    await stopMailboxSync(stack.temporal, otherMailboxId);
    const handle = stack.temporal.workflow.getHandle(mailboxSyncWorkflowId(otherMailboxId));
    await until(async () => (await handle.describe()).status.name !== 'RUNNING', {
      timeoutMs: 30_000,
      what: 'the sync stopped',
    });
    const serverValidity = beforeRows[0].uid_validity;
    const oldValidity = String(Number(serverValidity) - 1);
    await sql`UPDATE mailbox_inbox_messages SET uid_validity = ${oldValidity} WHERE mailbox_id = ${otherMailboxId}`.execute(
      db(),
    );
    await sql`UPDATE mailboxes SET uid_validity = ${oldValidity} WHERE id = ${otherMailboxId}`.execute(db());
    await startMailboxSync(stack.temporal, { id: otherMailboxId, organizationId: org.organizationId }, stack.taskQueue);

    await until(
      async () =>
        (await inboxRows(stack, otherMailboxId)).filter((r) => r.uid_validity === serverValidity).length >=
        beforeRows.length,
      { timeoutMs: 60_000, what: 'the inbox read again under its UIDVALIDITY' },
    );
    const reread = (await inboxRows(stack, otherMailboxId)).filter((r) => r.uid_validity === serverValidity);
    assert.deepEqual(
      reread.map((r) => r.kind),
      beforeRows.map(() => 'IGNORED'),
      `every message read again is a copy: ${JSON.stringify(reread)}`,
    );
    assert.equal(await replies(prospect.sequenceId), 1, 'the reply without Message-ID is applied once');
    assert.equal(await inbound(prospect.sequenceId), 1);
    const { rows } = await sql<{
      last_uid: string;
      uid_validity: string;
    }>`SELECT last_uid, uid_validity FROM mailboxes WHERE id = ${otherMailboxId}`.execute(db());
    assert.equal(rows[0].uid_validity, serverValidity, "the cursor follows the server's UIDVALIDITY");
    await genuineReplyApplied({ ...prospect, ids: { ...prospect.ids, mailbox: otherMailbox } }, 'uidvalidity-change');
  });

  it('when these messages have been read, then no stored row holds NUL or a lone surrogate', async () => {
    assert.deepEqual(await unstorableText(stack), []);
  });
});
