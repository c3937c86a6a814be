// A blind inbox sync is visible (GreenMail behind a TCP proxy that can go away): a mailbox whose
// IMAP server stops answering shows ERROR with "IMAP: ..." on its row and in GET /v1/users within
// seconds, its emails not held, the activity's attempts fail visibly in Temporal, the metrics say
// it; once the server is back it is CONNECTED again. A cursor that does not move while mail waits,
// and an inbox no sync reads, are shown the same way.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { pino } from 'pino';
import { Registry } from 'prom-client';
import { createMailboxSyncActivities } from '../../../activities/mailbox-sync.activities.ts';
import * as admin from '../../../domain/admin/admin.service.ts';
import { MailboxCredentials } from '../../../domain/mailboxes/credentials.ts';
import { markUnreadInboxes } from '../../../domain/mailboxes/sync-watch.ts';
import { registerMailboxSyncMetrics } from '../../../observability/mailbox-sync.ts';
import { createWorkflowClients } from '../../../workflows/clients.ts';
import { startMailboxSync, stopMailboxSync } from '../../../workflows/mailbox-sync.client.ts';
import { mailboxSyncStatusQuery, mailboxSyncWorkflowId } from '../../../workflows/mailbox-sync.definitions.ts';
import { newOrg, type TestOrg } from '../../helpers/fixtures.ts';
import { getGreenMail, type RunningGreenMail } from '../../helpers/greenmail.ts';
import { client } from '../../helpers/http.ts';
import { appendToInbox } from '../../helpers/imap-inbox.ts';
import { MAIL_PASSWORD, insertMailbox, mailUser } from '../../helpers/mailboxes.ts';
import { until } from '../../helpers/sequence-fixtures.ts';
import { getStack, type Stack } from '../../helpers/stack.ts';
import { startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.ts';

interface HealthRow {
  status: string;
  last_error: string | null;
  sync_error: string | null;
  sync_error_since: string | null;
  inbox_waiting: number | null;
}

describe('a blind inbox sync is visible (GreenMail)', function () {
  this.timeout(240_000);
  let stack: Stack;
  let greenmail: RunningGreenMail;
  let org: TestOrg;
  let proxy: TcpProxy;
  const db = () => stack.orm.em.fork().getKysely();

  before(async () => {
    stack = await getStack();
    greenmail = await getGreenMail();
    org = await newOrg(stack);
    proxy = await startTcpProxy({ host: greenmail.host, port: greenmail.imapPort });
  });

  after(async () => {
    await sql`UPDATE mailboxes SET status = 'DISCONNECTED' WHERE organization_id = ${org.organizationId}`.execute(db());
    await proxy.stop();
  });

  const health = async (id: string) =>
    (
      await sql<HealthRow>`SELECT status, last_error, sync_error, sync_error_since::text, inbox_waiting FROM mailboxes WHERE id = ${id}`.execute(
        db(),
      )
    ).rows[0];

  /** A mailbox of a new user whose IMAP server is the proxy's address. */
  async function proxiedMailbox(name: string) {
    const user = await admin.createUser(stack.orm.em.fork(), {
      organizationId: org.organizationId,
      email: `${name}-${randomUUID()}@sender.test`,
      name,
    });
    const email = await mailUser(greenmail, name, 'sender.test');
    const id = await insertMailbox(stack, greenmail, { organizationId: org.organizationId, userId: user.id, email });
    const sealed = new MailboxCredentials(stack.config.webhookSecretKey).seal(
      id,
      'imap',
      `imap://${encodeURIComponent(email)}:${encodeURIComponent(MAIL_PASSWORD)}@127.0.0.1:${proxy.port}`,
    );
    await sql`UPDATE mailboxes SET imap_url_encrypted = ${sealed} WHERE id = ${id}`.execute(db());
    return { id, email, userId: user.id };
  }

  async function usersMailbox(userId: string) {
    const answer = await client(stack.url).get('/v1/users?size=100', { key: org.apiKey });
    assert.equal(answer.status, 200, answer.text);
    return (answer.body.items as { id: string; mailbox: Record<string, unknown> | null }[]).find((u) => u.id === userId)
      ?.mailbox;
  }

  async function metricLines(mailboxId: string): Promise<string[]> {
    const registry = new Registry();
    registerMailboxSyncMetrics(registry, { orm: stack.orm });
    return (await registry.metrics()).split('\n').filter((line) => line.includes(`mailbox_id="${mailboxId}"`));
  }

  it('when the IMAP server goes away, then the mailbox shows ERROR with "IMAP: ..." in seconds (emails not held), and CONNECTED once it is back', async () => {
    const mailbox = await proxiedMailbox('unreachable');
    await startMailboxSync(stack.temporal, { id: mailbox.id, organizationId: org.organizationId }, stack.taskQueue, {
      runMs: 60_000,
      pollMs: 1000,
    });
    try {
      await until(
        async () =>
          (
            await sql<{
              uid_validity: string | null;
            }>`SELECT uid_validity FROM mailboxes WHERE id = ${mailbox.id}`.execute(db())
          ).rows[0].uid_validity !== null,
        { timeoutMs: 60_000, what: 'the first sync' },
      );
      assert.equal((await usersMailbox(mailbox.userId))?.status, 'CONNECTED');

      const cut = Date.now();
      await proxy.close();
      await until(async () => (await health(mailbox.id)).sync_error !== null, {
        timeoutMs: 30_000,
        what: 'the sync marked blind',
      });
      const blindAfterMs = Date.now() - cut;
      const row = await health(mailbox.id);
      assert.match(row.sync_error ?? '', new RegExp(`^IMAP: imap://127\\.0\\.0\\.1:${proxy.port}: .*ECONNREFUSED`));
      assert.doesNotMatch(row.sync_error ?? '', new RegExp(MAIL_PASSWORD));
      assert.equal(row.status, 'CONNECTED', "the row's status, which holds emails, is left alone");
      assert.ok(row.sync_error_since);
      const shown = await usersMailbox(mailbox.userId);
      assert.deepEqual(
        { status: shown?.status, last_error: shown?.last_error, emails_held: shown?.emails_held },
        { status: 'ERROR', last_error: row.sync_error, emails_held: false },
      );
      const lines = await metricLines(mailbox.id);
      assert.ok(
        lines.some((line) => /^mailbox_sync_blind\{.*\} 1$/.test(line)),
        lines.join('\n'),
      );
      assert.ok(
        lines.some((line) => line.startsWith('mailbox_sync_lag_seconds{')),
        lines.join('\n'),
      );

      // Temporal sees failed attempts of a known type, with the reason: not swallowed.
      const handle = stack.temporal.workflow.getHandle(mailboxSyncWorkflowId(mailbox.id));
      await until(async () => ((await handle.describe()).raw.pendingActivities?.[0]?.attempt ?? 0) >= 2, {
        timeoutMs: 30_000,
        what: 'a retried attempt',
      });
      const pending = (await handle.describe()).raw.pendingActivities![0];
      assert.equal(pending.lastFailure?.applicationFailureInfo?.type, 'MailboxUnreachable');
      assert.match(pending.lastFailure?.message ?? '', /ECONNREFUSED/);

      const back = Date.now();
      await proxy.reopen();
      await until(async () => (await health(mailbox.id)).sync_error === null, {
        timeoutMs: 90_000,
        what: 'the sync seeing again',
      });
      const seeingAfterMs = Date.now() - back;
      const again = await usersMailbox(mailbox.userId);
      assert.deepEqual(
        { status: again?.status, last_error: again?.last_error },
        { status: 'CONNECTED', last_error: null },
      );
      assert.ok((await metricLines(mailbox.id)).some((line) => /^mailbox_sync_blind\{.*\} 0$/.test(line)));
      const status = await handle.query(mailboxSyncStatusQuery);
      assert.equal(status.phase, 'SYNCING');
      console.log(
        `      [measure] blind on the row ${blindAfterMs} ms after the server went away; seeing again ${seeingAfterMs} ms after it came back`,
      );
    } finally {
      await proxy.reopen();
      await sql`UPDATE mailboxes SET status = 'DISCONNECTED' WHERE id = ${mailbox.id}`.execute(db());
      await stopMailboxSync(stack.temporal, mailbox.id);
    }
  });

  it('when mail waits and the cursor has not moved for longer than the stall limit, then the row says so, and the next read clears it', async () => {
    const mailbox = await proxiedMailbox('stalled');
    const activities = createMailboxSyncActivities({
      orm: stack.orm,
      logger: pino({ level: 'silent' }),
      config: { ...stack.config, mailboxSyncStallMinutes: 2 },
      workflows: createWorkflowClients(stack.temporal, stack.taskQueue),
    });
    const run = () =>
      activities.syncMailbox({ mailboxId: mailbox.id, mode: 'POLL', runMs: 1000, pollMs: 60_000, idleMs: 60_000 });
    await run(); // sets the cursor: the inbox is empty
    await appendToInbox(greenmail, mailbox.email, MAIL_PASSWORD, [
      {
        raw: `From: ${mailbox.email}\r\nTo: ${mailbox.email}\r\nSubject: Waiting\r\nMessage-ID: <w-${randomUUID()}@sender.test>\r\n\r\nHi.\r\n`,
      },
    ]);
    await sql`UPDATE mailboxes SET last_synced_at = now() - interval '10 minutes' WHERE id = ${mailbox.id}`.execute(
      db(),
    );
    // The server lists the message but every fetch of it breaks the session: the cursor cannot move.
    proxy.dropWhen(/BODY\.PEEK\[\]/i);
    try {
      await assert.rejects(run());
      const row = await health(mailbox.id);
      assert.match(row.sync_error ?? '', /^IMAP: the cursor has not moved for 10 minutes while 1 message waits$/);
      assert.ok(
        Math.abs(Date.parse(row.sync_error_since!) - (Date.now() - 10 * 60_000)) < 30_000,
        `since the cursor last moved: ${row.sync_error_since}`,
      );
      assert.equal(row.inbox_waiting, 1);
      assert.equal((await usersMailbox(mailbox.userId))?.status, 'ERROR');
      assert.ok((await metricLines(mailbox.id)).some((line) => /^mailbox_sync_waiting_messages\{.*\} 1$/.test(line)));
    } finally {
      proxy.dropWhen(null);
    }
    const result = await run();
    assert.equal(result.counts.processed, 1);
    assert.equal(result.stalledSince, null);
    assert.equal((await health(mailbox.id)).sync_error, null);
    assert.equal((await usersMailbox(mailbox.userId))?.status, 'CONNECTED');
  });

  it("when no sync reads a CONNECTED mailbox's inbox for longer than the stall limit, then the watch marks it, and a sync that reads clears it", async () => {
    const mailbox = await proxiedMailbox('unread');
    await sql`UPDATE mailboxes SET created_at = now() - interval '60 minutes 30 seconds' WHERE id = ${mailbox.id}`.execute(
      db(),
    );
    assert.ok((await markUnreadInboxes(stack.orm.em.fork(), 15)) >= 1);
    const row = await health(mailbox.id);
    assert.match(row.sync_error ?? '', /^IMAP: the inbox has not been read for 60 minutes: no sync is reading it/);
    assert.equal((await usersMailbox(mailbox.userId))?.status, 'ERROR');
    assert.equal(await markUnreadInboxes(stack.orm.em.fork(), 15, new Date()), 0, 'marked once');
    const activities = createMailboxSyncActivities({
      orm: stack.orm,
      logger: pino({ level: 'silent' }),
      config: stack.config,
      workflows: createWorkflowClients(stack.temporal, stack.taskQueue),
    });
    await activities.syncMailbox({ mailboxId: mailbox.id, mode: 'POLL', runMs: 1000, pollMs: 60_000, idleMs: 60_000 });
    assert.equal((await health(mailbox.id)).sync_error, null);
  });
});
