// Faults: PostgreSQL restarted under ingestion. An API process on a PostgreSQL of its own takes a
// steady stream of POST /v1/events; the database is stopped and started again (same data
// directory) in the middle. While it is down, answers are 503 UnavailableIssue in the error shape
// (never a 202 for an event that is not stored, never a 500); once it is back, the same API
// process accepts again, and every event it answered 202 is in the table.
import assert from 'node:assert/strict';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { migrate, openOrm } from '../../db/orm.ts';
import * as admin from '../../domain/admin/admin.service.ts';
import { freePort, startServer, stopChild } from '../../scripts/bench/harness.ts';
import { startEmbeddedPostgres, type RunningPostgres } from '../../scripts/local-stack.ts';
import { until } from '../helpers/poll.ts';
import { getStack } from '../helpers/stack.ts';

describe('faults: PostgreSQL restarted under ingestion', function () {
  this.timeout(240_000);

  it('when the database stops and starts again under load, then no 202 is unstored, outage answers are 503, and the API recovers without a restart', async () => {
    const stack = await getStack();
    const dataDir = mkdtempSync(join(tmpdir(), 'ows-pg-fault-'));
    chmodSync(dataDir, 0o755);
    const pgPort = await freePort();
    const startPg = () =>
      startEmbeddedPostgres({ dataDir: join(dataDir, 'pg'), port: pgPort, database: 'faults', persistent: true });
    let postgres: RunningPostgres | undefined = await startPg();
    const setup = await openOrm({ databaseUrl: postgres.url, poolMax: 2 });
    await migrate(setup);
    const org = await admin.bootstrap(setup.em.fork(), {
      orgName: 'Faults',
      ownerEmail: 'faults@example.com',
      ownerName: 'Faults',
    });
    await setup.close();

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // A key cache shorter than the outage: authentication itself meets the dead database too.
    const api = await startServer(
      'api/server.ts',
      {
        DATABASE_URL: postgres.url,
        TEMPORAL_ADDRESS: stack.temporalAddress,
        TEMPORAL_TASK_QUEUE: stack.taskQueue,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        KEY_CACHE_TTL_MS: '500',
      },
      `${base}/healthz`,
    );
    const accepted: string[] = [];
    const statuses = new Map<number, number>();
    const outageBodies: { status: number; type?: string; request_id?: string }[] = [];
    let phase: 'before' | 'down' | 'after' = 'before';
    let acceptedAfter = 0;
    let stop = false;
    const sender = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const response = await fetch(`${base}/v1/events`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${org.api_key}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            event_name: 'fault',
            occurred_at: new Date().toISOString(),
            subject: { email: `w${w}@faults.test` },
            external_event_id: `pg-${w}-${i}`,
          }),
        });
        const body = (await response.json()) as { idempotency_key?: string; type?: string; request_id?: string };
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status === 202) {
          accepted.push(body.idempotency_key!);
          if (phase === 'after') acceptedAfter++;
        } else {
          if (phase === 'down')
            outageBodies.push({ status: response.status, type: body.type, request_id: body.request_id });
          await new Promise((r) => setTimeout(r, 50));
        }
      }
    };
    const waitFor = (condition: () => boolean, timeoutMs: number, what: string) =>
      until(condition, { timeoutMs, what, intervalMs: 20 });
    const senders = Array.from({ length: 8 }, (_, w) => sender(w));
    try {
      await waitFor(() => accepted.length >= 200, 60_000, '200 events before the outage');
      phase = 'down';
      await postgres.stop();
      postgres = undefined;
      await new Promise((r) => setTimeout(r, 2000));
      postgres = await startPg();
      phase = 'after';
      await waitFor(() => acceptedAfter >= 200, 90_000, '200 events after the restart');
    } finally {
      stop = true;
      await Promise.allSettled(senders);
      await stopChild(api, 5000);
    }

    assert.ok(outageBodies.length > 0, 'requests met the outage');
    assert.ok(!statuses.has(500), `no 500: ${JSON.stringify([...statuses])}`);
    for (const body of outageBodies) {
      assert.equal(body.status, 503, JSON.stringify(body));
      assert.equal(body.type, 'UnavailableIssue');
      assert.ok(body.request_id);
    }
    const check = await openOrm({ databaseUrl: postgres!.url, poolMax: 1 });
    try {
      const { rows } = await sql<{ idempotency_key: string }>`SELECT idempotency_key FROM ingested_events`.execute(
        check.em.fork().getKysely(),
      );
      const stored = new Set(rows.map((r) => r.idempotency_key));
      const lost = accepted.filter((k) => !stored.has(k));
      assert.deepEqual(lost, [], `${lost.length} of ${accepted.length} accepted events are missing`);
    } finally {
      await check.close();
      await postgres?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
