// The inbox sync across a crash of its process: a mailbox worker child process (beside a service
// worker child that runs the workflows) syncs a mailbox on GreenMail, is SIGKILLed while mail keeps
// arriving, and a new one takes over (the dead attempt's heartbeat runs out, the activity is retried
// from the durable cursor). Every inbox message is recorded once, and each prospect's reply is
// message.replied exactly once; the service worker, which runs no sync, is not touched.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'kysely';
import { stopChild } from '../../../scripts/bench/harness.ts';
import { projectRoot } from '../../../scripts/tools.ts';
import { mailboxWorkerArgs } from '../../../scripts/mailbox-worker-args.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { personReply } from '../../helpers/inbox-samples.ts';
import { deliverRaw, enrollMailProspect, inboxRows, insertMailbox, mailUser } from '../../helpers/mailboxes.ts';
import { eventsOf, insertTemplate, messagesOf, until } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { stopMailboxSync } from '../../../workflows/mailbox-sync.client.ts';

describe('inbox sync across a worker restart (GreenMail)', function () {
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

  it('when the worker is killed while mail arrives, then a new worker records every message once and each reply once', async () => {
    const mailbox = await mailUser(greenmail, 'sam', 'sender.test');
    const mailboxId = await insertMailbox(stack, greenmail, {
      organizationId: org.organizationId,
      userId: org.userId,
      email: mailbox,
    });
    const templateId = await insertTemplate(
      stack,
      org.organizationId,
      [
        { type: 'EMAIL', delay_days: 1 / 86_400, subject: 'Quick question', body: 'Hello {{first_name}}' },
        { type: 'EMAIL', delay_days: 5, subject: 'Following up', body: 'Any thoughts?' },
      ],
      { senderUserId: org.userId },
    );
    const [first, second] = [
      await enrollMailProspect(stack, greenmail, org, templateId, 'pat'),
      await enrollMailProspect(stack, greenmail, org, templateId, 'pat'),
    ];

    // The mailbox worker starts the sync of every connected mailbox (ours among them) on its own task
    // queue; the service worker runs the sync's workflow there.
    const env = {
      DATABASE_URL: stack.databaseUrl,
      TEMPORAL_ADDRESS: stack.temporalAddress,
      TEMPORAL_TASK_QUEUE: `inbox-restart-${randomUUID()}`,
      LOG_LEVEL: 'silent',
      WORKER_METRICS_PORT: '0',
      MAILBOX_WORKER_METRICS_PORT: '0',
      WEBHOOK_SECRET_KEY: stack.config.webhookSecretKey,
      DIRECTORY_COMPANIES: stack.config.directoryCompanies.toString(),
      DIRECTORY_PEOPLE: stack.config.directoryPeople.toString(),
    };
    const child = (args: string[]) =>
      spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'ignore'] });
    const startWorker = () => child(mailboxWorkerArgs({ mailboxWorkerHeapMb: 256 }));
    const serviceWorker = child([join(projectRoot, 'worker.ts')]);
    let worker: ChildProcess = startWorker();
    const unrelated = (n: number) =>
      `From: ${mailbox}\r\nTo: ${mailbox}\r\nSubject: Note ${n}\r\nMessage-ID: <note-${n}-${randomUUID()}@sender.test>\r\n\r\nNote ${n}.\r\n`;
    try {
      await until(
        async () =>
          (
            await sql<{
              uid_validity: string | null;
            }>`SELECT uid_validity FROM mailboxes WHERE id = ${mailboxId}`.execute(db())
          ).rows[0].uid_validity !== null,
        { timeoutMs: 90_000, what: 'the first sync' },
      );
      await deliverRaw(
        greenmail,
        first.address,
        mailbox,
        personReply({ mailbox, prospect: first.address, sentMessageId: first.messageId }, 'Who are you?'),
      );
      for (let n = 1; n <= 5; n++) await deliverRaw(greenmail, mailbox, mailbox, unrelated(n));
      await until(async () => (await inboxRows(stack, mailboxId)).length === 6, {
        timeoutMs: 30_000,
        what: 'six messages recorded',
      });

      worker.kill('SIGKILL');
      await until(() => worker.exitCode !== null || worker.signalCode !== null, 10_000);
      // Mail keeps arriving while no worker runs.
      await deliverRaw(
        greenmail,
        second.address,
        mailbox,
        personReply({ mailbox, prospect: second.address, sentMessageId: second.messageId }, 'Tell me more.'),
      );
      for (let n = 6; n <= 10; n++) await deliverRaw(greenmail, mailbox, mailbox, unrelated(n));
      worker = startWorker();
      await until(async () => (await inboxRows(stack, mailboxId)).length >= 12, {
        timeoutMs: 120_000,
        what: 'twelve messages recorded',
      });

      const rows = await inboxRows(stack, mailboxId);
      assert.deepEqual(
        rows.map((r) => Number(r.uid)),
        Array.from({ length: 12 }, (_, i) => i + 1),
        'every UID once, none missed',
      );
      assert.equal(new Set(rows.map((r) => r.rfc_message_id)).size, 12);
      assert.deepEqual(
        rows.map((r) => r.kind).filter((k) => k !== 'IGNORED'),
        ['REPLY', 'REPLY'],
      );
      for (const run of [first, second]) {
        const replied = (await eventsOf(stack, run.sequenceId)).filter((e) => e.type === 'message.replied');
        assert.equal(replied.length, 1, `one message.replied for ${run.sequenceId}`);
        assert.equal((await messagesOf(stack, run.sequenceId)).filter((m) => m.direction === 'INBOUND').length, 1);
      }
      const { rows: cursor } = await sql<{
        last_uid: string;
      }>`SELECT last_uid FROM mailboxes WHERE id = ${mailboxId}`.execute(db());
      assert.equal(cursor[0].last_uid, '12');
    } finally {
      await sql`UPDATE mailboxes SET status = 'DISCONNECTED' WHERE id = ${mailboxId}`.execute(db());
      await stopMailboxSync(stack.temporal, mailboxId);
      await stopChild(worker, 10_000);
      await stopChild(serviceWorker, 10_000);
    }
  });
});
