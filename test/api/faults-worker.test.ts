// Faults: the worker killed (SIGKILL) and restarted in the middle of running sequences, signal
// checks and webhook deliveries. A worker and an API run as child processes on a task queue of
// their own (the stack's database and Temporal); sequences are enrolled with their first email due
// a few seconds later, signals are created (each checks at once), a webhook listens to every
// event; the worker is killed while that work is under way and a new one started. Afterwards every
// run has sent its first email exactly once, every signal has checked and counted each import
// once, and every event reached the receiver (a re-delivery only under the same webhook-id).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { freePort, startServer, stopChild } from '../../scripts/bench/harness.ts';
import { projectRoot } from '../../scripts/tools.ts';
import { newOrg } from '../helpers/fixtures.ts';
import { client } from '../helpers/http.ts';
import { insertContact, insertTemplate, until } from '../helpers/sequence-fixtures.ts';
import { getStack } from '../helpers/stack.ts';

const SEQUENCES = 30;
const SIGNALS = 8;

describe('faults: the worker killed mid-work', function () {
  this.timeout(300_000);

  it('when the worker is SIGKILLed while sequences, signal checks and deliveries run, then a new worker finishes all of it, none lost, none done twice', async () => {
    const stack = await getStack();
    const db = () => stack.orm.em.fork().getKysely();
    const org = await newOrg(stack);
    const taskQueue = `faults-${randomUUID()}`;
    const env = {
      DATABASE_URL: stack.databaseUrl,
      TEMPORAL_ADDRESS: stack.temporalAddress,
      TEMPORAL_TASK_QUEUE: taskQueue,
      LOG_LEVEL: 'silent',
      WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
      WORKER_METRICS_PORT: '0',
      WEBHOOK_TIMEOUT_MS: '2000',
      DIRECTORY_COMPANIES: stack.config.directoryCompanies.toString(),
      DIRECTORY_PEOPLE: stack.config.directoryPeople.toString(),
    };
    const startWorker = (): ChildProcess =>
      spawn(process.execPath, [join(projectRoot, 'worker.ts')], {
        env: { ...process.env, ...env },
        stdio: ['ignore', 'ignore', 'ignore'],
      });

    // The receiver counts every delivery by webhook-id and by event (activity id).
    const byWebhookId = new Map<string, number>();
    const byActivity = new Map<string, Set<string>>();
    const receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const webhookId = String(req.headers['webhook-id']);
        const activityId = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { activity_id: string }).activity_id;
        byWebhookId.set(webhookId, (byWebhookId.get(webhookId) ?? 0) + 1);
        byActivity.set(activityId, (byActivity.get(activityId) ?? new Set()).add(webhookId));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));

    let worker = startWorker();
    const port = await freePort();
    const apiProcess = await startServer(
      'api/server.ts',
      { ...env, PORT: String(port), HOST: '127.0.0.1' },
      `http://127.0.0.1:${port}/healthz`,
    );
    const api = client(`http://127.0.0.1:${port}`);
    try {
      const hook = await api.post('/v1/webhooks', {
        key: org.apiKey,
        body: {
          name: 'faults',
          url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/in`,
          event_types: ['message.sent', 'sequence.created', 'contact_entry.resolved'],
        },
      });
      assert.equal(hook.status, 201, hook.text);
      // First email 20 s after enrollment (after the kill and restart), the second a month later: each run sends exactly one email here.
      const templateId = await insertTemplate(
        stack,
        org.organizationId,
        [
          { type: 'EMAIL', delay_days: 20 / 86_400, subject: 'Hi', body: 'Hello {{first_name}}' },
          { type: 'EMAIL', delay_days: 30, subject: 'Again', body: 'Following up' },
        ],
        { senderUserId: org.userId },
      );
      const sequenceIds: string[] = [];
      for (let i = 0; i < SEQUENCES; i++) {
        const contactId = await insertContact(stack, org.organizationId, {
          email: `fault${i}-${randomUUID().slice(0, 6)}@example.com`,
          firstName: `F${i}`,
        });
        await sql`UPDATE contacts SET email_status = 'DELIVERABLE' WHERE id = ${contactId}`.execute(db());
        const enrolled = await api.post('/v1/sequences', {
          key: org.apiKey,
          body: { contact_id: contactId, sequence_template_id: templateId },
        });
        assert.equal(enrolled.status, 201, enrolled.text);
        sequenceIds.push(enrolled.body.id);
      }
      const signalIds: string[] = [];
      for (let i = 0; i < SIGNALS; i++) {
        const body =
          i % 2 === 0
            ? { signal_type: 'NEW_JOB', name: `Fault people ${i}`, search_filters: { job_title_or: ['a', 'e'] } }
            : {
                signal_type: 'HIRING_SIGNALS',
                name: `Fault companies ${i}`,
                search_filters: { job_title_or: ['Engineer', 'Manager', 'Sales'] },
              };
        const created = await api.post('/v1/signals', { key: org.apiKey, body });
        assert.equal(created.status, 201, created.text);
        signalIds.push(created.body.id);
      }

      // Kill while the runs wait on their first step's timer, signal checks run (a check cut off is
      // retried after its 30 s heartbeat timeout) and deliveries flow.
      worker.kill('SIGKILL');
      await new Promise((r) => worker.once('exit', r));
      await new Promise((r) => setTimeout(r, 1000));
      worker = startWorker();

      const count = async (query: ReturnType<typeof sql<{ n: string }>>) =>
        Number((await query.execute(db())).rows[0].n);
      const reach = async (what: string, query: ReturnType<typeof sql<{ n: string }>>, wanted: number) => {
        let seen = -1;
        // 180 s: a step or delivery activity cut off by the kill is retried after its 2-minute start-to-close bound.
        await until(async () => (seen = await count(query)) === wanted, 180_000).catch(() =>
          assert.fail(`${what}: ${seen}, wanted ${wanted}`),
        );
      };
      await reach(
        'runs that sent their first email',
        sql<{
          n: string;
        }>`SELECT count(DISTINCT sequence_id) AS n FROM messages WHERE sequence_id = ANY(${sequenceIds}::uuid[])`,
        SEQUENCES,
      );
      await reach(
        'signals checked',
        sql<{
          n: string;
        }>`SELECT count(*) AS n FROM signals WHERE id = ANY(${signalIds}::uuid[]) AND last_checked_at IS NOT NULL`,
        SIGNALS,
      );
      await reach(
        'deliveries not yet delivered',
        sql<{
          n: string;
        }>`SELECT count(*) AS n FROM webhook_deliveries WHERE subscription_id = ${hook.body.id} AND status <> 'DELIVERED'`,
        0,
      );

      const { rows: perRun } = await sql<{ sequence_id: string; n: string }>`
        SELECT sequence_id, count(*) AS n FROM messages WHERE sequence_id = ANY(${sequenceIds}::uuid[]) GROUP BY 1`.execute(
        db(),
      );
      assert.deepEqual(
        perRun.filter((r) => r.n !== '1'),
        [],
        'each run sent its first email exactly once',
      );
      const { rows: sent } = await sql<{ sequence_id: string; n: string }>`
        SELECT sequence_id, count(*) AS n FROM activities WHERE type = 'message.sent' AND sequence_id = ANY(${sequenceIds}::uuid[]) GROUP BY 1`.execute(
        db(),
      );
      assert.equal(sent.length, SEQUENCES);
      assert.deepEqual(
        sent.filter((r) => r.n !== '1'),
        [],
        'one message.sent per email',
      );

      const { rows: counts } = await sql<{ id: string; imported_count: number; rows: string }>`
        SELECT s.id, s.imported_count, (SELECT count(*) FROM signal_imports i WHERE i.signal_id = s.id AND i.status = 'IMPORTED') AS rows
          FROM signals s WHERE s.id = ANY(${signalIds}::uuid[])`.execute(db());
      for (const c of counts)
        assert.equal(Number(c.imported_count), Number(c.rows), `signal ${c.id}: each import counted once`);
      assert.ok(
        counts.some((c) => Number(c.rows) > 0),
        'the checks imported facts',
      );

      const { rows: deliveries } = await sql<{ id: string; activity_id: string }>`
        SELECT id, activity_id FROM webhook_deliveries WHERE subscription_id = ${hook.body.id}`.execute(db());
      assert.ok(deliveries.length >= 2 * SEQUENCES, `${deliveries.length} deliveries`);
      for (const d of deliveries) {
        const ids = byActivity.get(d.activity_id);
        assert.ok(ids, `delivery ${d.id} reached the receiver`);
        assert.deepEqual([...ids], [d.id], 'an event is re-delivered only under its own webhook-id');
      }
    } finally {
      await stopChild(apiProcess, 5000);
      await stopChild(worker, 10_000);
      await new Promise((r) => receiver.close(r));
    }
  });
});
