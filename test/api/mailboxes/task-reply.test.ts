// A reply task executed through the API (POST /v1/tasks/{id}/execute, email_reply) when the sender
// has a connected mailbox, against a real SMTP and IMAP server (GreenMail): the reply leaves through
// the sender's mailbox, From its address, threaded to the contact's reply (In-Reply-To its
// Message-ID, References the thread from the run's first email), exactly once however often it is
// executed; a mailbox that needs fixing refuses it (422) before anything is recorded or sent.
import assert from 'node:assert/strict';
import { ImapFlow } from 'imapflow';
import { sql } from 'kysely';
import { recordReply } from '../../../domain/engagement/engagement.service.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { SEQUENCE_WORKFLOW, sequenceWorkflowId, type SequenceInput } from '../../../workflows/sequence.definitions.ts';
import { newOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { client } from '../../helpers/http.ts';
import { connectedSenderAndProspect } from '../../helpers/mailboxes.ts';
import { insertSequence, insertTemplate, messagesOf, until } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';

interface Received {
  from: string;
  subject: string;
  messageId: string;
  inReplyTo: string;
  references: string;
}

/** The prospect's INBOX as their mail program reads it: envelope and threading headers. */
async function inbox(server: RunningGreenMail, email: string, password: string): Promise<Received[]> {
  const imap = new ImapFlow({
    host: server.host,
    port: server.imapPort,
    secure: false,
    auth: { user: email, pass: password },
    logger: false,
  });
  imap.on('error', () => {});
  await imap.connect();
  try {
    const lock = await imap.getMailboxLock('INBOX', { readOnly: true });
    try {
      const found: Received[] = [];
      const status = await imap.status('INBOX', { messages: true });
      if (!status || !status.messages) return found;
      for await (const message of imap.fetch('1:*', { envelope: true, headers: ['references', 'in-reply-to'] })) {
        // The raw header lines, unfolded: `Name: value`.
        const lines = (message.headers?.toString('utf8') ?? '').replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
        const header = (name: string) =>
          lines
            .find((l) => l.toLowerCase().startsWith(`${name}:`))
            ?.replace(/^[^:]*:\s*/, '')
            .replace(/\s+/g, ' ')
            .trim() ?? '';
        const envelope = message.envelope;
        found.push({
          from: envelope?.from?.[0]?.address ?? '',
          subject: envelope?.subject ?? '',
          messageId: envelope?.messageId ?? '',
          inReplyTo: header('in-reply-to'),
          references: header('references'),
        });
      }
      return found;
    } finally {
      lock.release();
    }
  } finally {
    await imap.logout().catch(() => imap.close());
  }
}

describe("a task reply through the sender's connected mailbox", function () {
  this.timeout(180_000);
  let stack: Stack;
  let mail: RunningGreenMail;
  let api: ReturnType<typeof client>;

  before(async () => {
    [stack, mail] = await Promise.all([getStack(), getGreenMail()]);
    api = client(stack.url);
  });

  const db = () => stack.orm.em.fork().getKysely();

  /** A run whose first email reached the prospect through the sender's mailbox, and the prospect's reply to it (its task open). */
  async function answeredRun() {
    const org = await newOrg(stack);
    const { sender, prospect, connected, contactId } = await connectedSenderAndProspect(stack, mail, org);
    assert.equal(connected.mailbox.status, 'CONNECTED');
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [
        { type: 'EMAIL', delay_days: 0, subject: 'Hello {{first_name}}', body: 'Hi {{first_name}}' },
        { type: 'EMAIL', delay_days: 5, subject: 'Again', body: 'Again' },
      ],
      { senderUserId: org.userId },
    );
    const sequenceId = await insertSequence(stack, org.organizationId, { contactId, templateId });
    const input: SequenceInput = { sequenceId, organizationId: org.organizationId };
    const handle = await stack.temporal.workflow.start(SEQUENCE_WORKFLOW, {
      taskQueue: stack.taskQueue,
      workflowId: sequenceWorkflowId(sequenceId),
      args: [input],
    });
    await until(async () => (await messagesOf(stack, sequenceId)).length === 1, 30_000);
    await until(async () => (await inbox(mail, prospect.address, prospect.password)).length === 1, 15_000);
    const [first] = await inbox(mail, prospect.address, prospect.password);
    // The prospect's answer, recorded as the inbox sync records one (its Message-ID kept).
    const replyMessageId = `<answer-${org.organizationId}@buyer.test>`;
    const [sent] = await messagesOf(stack, sequenceId);
    const reply = await recordReply(
      { em: stack.orm.em.fork(), workflows: createWorkflowClients(stack.temporal, stack.taskQueue) },
      org.organizationId,
      sent.id,
      {
        body: 'Who are you and how did you get my address?',
        subject: 'Re: Hello Pat',
        providerMessageId: replyMessageId,
      },
    );
    assert.ok(reply.task_id, 'the reply opened a reply task');
    return {
      org,
      sender,
      prospect,
      first,
      replyMessageId,
      taskId: reply.task_id,
      mailboxId: connected.mailbox.id,
      handle,
    };
  }

  const execute = (run: { org: { apiKey: string }; taskId: string }) =>
    api.post(`/v1/tasks/${run.taskId}/execute`, {
      key: run.org.apiKey,
      body: { payload: { type: 'email_reply', body: 'We met at the fair.' } },
    });

  it('when the team answers the reply, then it reaches the prospect From the mailbox, threaded (In-Reply-To, References), once however often it is executed', async () => {
    const run = await answeredRun();
    // The same answer sent twice at once (a double click, a client's retry): one email.
    const answers = await Promise.all([execute(run), execute(run)]);
    assert.ok(
      answers.some((a) => a.status === 200),
      JSON.stringify(answers.map((a) => a.body)),
    );
    for (const answer of answers) assert.ok([200, 409].includes(answer.status), JSON.stringify(answer.body));
    const ok = answers.find((a) => a.status === 200)!;
    assert.equal(ok.body.message.subject, 'Re: Hello Pat');

    await until(async () => (await inbox(mail, run.prospect.address, run.prospect.password)).length >= 2, 15_000);
    const retried = await execute(run);
    assert.equal(retried.status, 409, 'the task is completed');
    await new Promise((r) => setTimeout(r, 1500)); // a second copy would have arrived by now
    const received = await inbox(mail, run.prospect.address, run.prospect.password);
    assert.equal(received.length, 2, 'the first email and one answer');
    const answer = received[1];
    assert.equal(answer.from, run.sender.address);
    assert.equal(answer.subject, 'Re: Hello Pat');
    assert.equal(answer.inReplyTo, run.replyMessageId);
    assert.equal(answer.references, `${run.first.messageId} ${run.replyMessageId}`);
    const { rows: effects } = await sql<{
      state: string;
      attempts: number;
    }>`SELECT state, attempts FROM outbound_effects WHERE key LIKE ${`task-reply/${run.taskId}/%`}`.execute(db());
    assert.deepEqual(effects, [{ state: 'DONE', attempts: 1 }]);
    await run.handle.terminate('test done').catch(() => {});
  });

  it("when the sender's mailbox needs fixing, then the answer is refused (422) with nothing recorded or sent, and goes out once it is fixed", async () => {
    const run = await answeredRun();
    await sql`UPDATE mailboxes SET status = 'AUTH_FAILED', last_error = 'smtp://127.0.0.1: 535 refused' WHERE id = ${run.mailboxId}`.execute(
      db(),
    );
    const refused = await execute(run);
    assert.equal(refused.status, 422, JSON.stringify(refused.body));
    assert.equal(refused.body.type, 'BusinessIssue');
    assert.match(refused.body.message, /mailbox is AUTH_FAILED .*nothing was sent/);
    const { rows: recorded } =
      await sql`SELECT 1 FROM outbound_effects WHERE key LIKE ${`task-reply/${run.taskId}/%`}`.execute(db());
    assert.equal(recorded.length, 0);

    await sql`UPDATE mailboxes SET status = 'CONNECTED', last_error = NULL WHERE id = ${run.mailboxId}`.execute(db());
    assert.equal((await execute(run)).status, 200);
    await until(async () => (await inbox(mail, run.prospect.address, run.prospect.password)).length === 2, 15_000);
    assert.equal((await inbox(mail, run.prospect.address, run.prospect.password))[1].from, run.sender.address);
    await run.handle.terminate('test done').catch(() => {});
  });
});
