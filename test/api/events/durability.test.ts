// Durability: an API process killed under load has stored every event it answered 202 for.
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { newOrg } from '../../helpers/fixtures.ts';
import type { Stack } from '../../helpers/stack.ts';
import { freePort, startServer, stopChild } from '../../../scripts/bench/harness.ts';
import { eventsFixture } from './fixtures.ts';

describe('events API (first-party ingestion)', function () {
  this.timeout(120_000);
  const fx = eventsFixture();
  let stack: Stack;
  before(() => ({ stack } = fx));

  describe('durability', () => {
    it('when the API process is killed (SIGKILL) under ingestion load, then every event that got a 202 is in the database', async () => {
      const loadOrg = await newOrg(stack);
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const child = await startServer(
        'api/server.ts',
        {
          DATABASE_URL: stack.databaseUrl,
          TEMPORAL_ADDRESS: stack.temporalAddress,
          TEMPORAL_TASK_QUEUE: stack.taskQueue,
          PORT: String(port),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'silent',
        },
        `${base}/healthz`,
      );
      const accepted: string[] = [];
      let failed = 0;
      let inFlight = 0;
      let inFlightAtKill = -1;
      let sent = 0;
      const worker = async (w: number) => {
        for (let i = 0; ; i++) {
          const external = `kill-${w}-${i}`;
          inFlight++;
          sent++;
          try {
            const response = await fetch(`${base}/v1/events`, {
              method: 'POST',
              headers: { Authorization: `Bearer ${loadOrg.apiKey}`, 'Content-Type': 'application/json' },
              body: JSON.stringify({
                event_name: 'load',
                occurred_at: new Date().toISOString(),
                subject: { email: `w${w}@load.test` },
                external_event_id: external,
                payload: { w, i },
              }),
            });
            const body = (await response.json()) as { idempotency_key?: string };
            if (response.status === 202) accepted.push(body.idempotency_key!);
          } catch {
            failed++;
            return;
          } finally {
            inFlight--;
          }
        }
      };
      try {
        const workers = Array.from({ length: 16 }, (_, w) => worker(w));
        while (accepted.length < 300) await new Promise((r) => setTimeout(r, 5));
        inFlightAtKill = inFlight;
        child.kill('SIGKILL');
        await Promise.all(workers);
      } finally {
        await stopChild(child, 1000);
      }
      assert.ok(inFlightAtKill > 0, 'requests were in flight at the kill');
      assert.equal(failed, 16, 'every worker saw the process die');
      const { rows } = await sql<{
        idempotency_key: string;
      }>`SELECT idempotency_key FROM ingested_events WHERE organization_id = ${loadOrg.organizationId}`.execute(
        stack.orm.em.fork().getKysely(),
      );
      const stored = new Set(rows.map((r) => r.idempotency_key));
      const lost = accepted.filter((k) => !stored.has(k));
      assert.deepEqual(lost, [], `${lost.length} of ${accepted.length} accepted events are missing`);
      assert.equal(new Set(accepted).size, accepted.length);
      assert.ok(
        rows.length >= accepted.length && rows.length <= sent,
        `${rows.length} stored, ${accepted.length} accepted, ${sent} sent`,
      );
    });
  });
});
