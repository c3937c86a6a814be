// `npm run bench -- cluster`: the mixed load (mixed-load.ts) on the production topology of `npm run
// cluster` (Temporal server on PostgreSQL as four services, 2 API replicas behind the load
// balancer, 2 workers, production mode, SMTP to a counting sink) for BENCH_CLUSTER_SECONDS (180),
// with Idempotency-Key retries through the load balancer, while a worker, an API replica,
// Temporal's history service and PostgreSQL are SIGKILLed and restarted in turn. The same load runs
// first on the dev-server stack (the `mixed` bench) for comparison. Printed: per endpoint p50/p99
// and throughput on both, each fault's heal time, and one last line
// `cluster: lost N, duplicated N, errors N, ...`. Goal: lost 0, duplicated 0, every heal < 60 s.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openOrm } from '../../db/orm.ts';
import { EVENT_TYPES } from '../../domain/activity/emit.ts';
import { DATA_HOME } from '../embedded-postgres-placement.ts';
import { portOpen } from '../local-stack.ts';
import { temporalPorts } from '../cluster/server-config.ts';
import { startCluster, type Cluster } from '../cluster/topology.ts';
import { audit, auditTotals, drain } from './cluster-audit.ts';
import { clusterClient } from './cluster-client.ts';
import { runFaults, type FaultResult } from './cluster-faults.ts';
import { benchDb } from './fixtures.ts';
import { envNumber, freePort, percentile, sleep } from './harness.ts';
import { benchMixed } from './mixed.bench.ts';
import {
  mixedFixtures,
  mixedOps,
  mixedRates,
  printLatencyTable,
  runOpenLoop,
  startWebhookReceiver,
  type LoadResult,
  type Op,
} from './mixed-load.ts';

const say = (line: string) => console.log(`[cluster] ${line}`);

/** A frontend port whose whole block (gRPC, membership, HTTP) is free and under 32768. */
async function temporalBasePort(): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    const { ports, frontendHttpPort } = temporalPorts(base);
    const all = [...Object.values(ports).flatMap((p) => [p.grpc, p.membership]), frontendHttpPort];
    if (!(await Promise.all(all.map((p) => portOpen(p)))).some(Boolean)) return base;
  }
}

/** Seconds after a fault's heal during which requests still count as disturbed by it. */
const SETTLE_SECONDS = 5;

/**
 * Per endpoint: p50, p99 and throughput on the dev-server stack and on the cluster, the cluster's
 * also without the requests sent while a fault was unhealed (from its kill to SETTLE_SECONDS after its heal).
 */
function sideBySide(ops: Op[], dev: LoadResult, cluster: LoadResult, seconds: number, faults: FaultResult[]): void {
  const disturbed = (at: number) => faults.some((f) => at >= f.at && at <= f.at + f.healSeconds + SETTLE_SECONDS);
  const figures = (xs: number[], count = xs.length) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return [percentile(sorted, 50).toFixed(0), percentile(sorted, 99).toFixed(0), (count / seconds).toFixed(1)];
  };
  console.log('endpoint                     dev p50  dev p99  dev r/s   cl. p50  cl. p99  cl. r/s   calm p50 calm p99');
  for (const op of ops) {
    const all = cluster.latencies.get(op.name)!;
    const sent = cluster.sentAt.get(op.name)!;
    const calm = all.filter((_, i) => !disturbed(sent[i]));
    const cells = [...figures(dev.latencies.get(op.name)!), ...figures(all), ...figures(calm).slice(0, 2)];
    console.log(`${op.name.padEnd(27)}${cells.map((c, i) => c.padStart(i === 3 || i === 6 ? 10 : 9)).join('')}`);
  }
  console.log(`(calm: the cluster's requests sent outside the fault windows, kill to heal + ${SETTLE_SECONDS} s)`);
}

export async function benchCluster(): Promise<void> {
  const seconds = envNumber('BENCH_CLUSTER_SECONDS', 180);
  const rates = mixedRates();
  say(`1/2: the dev-server stack (${seconds} s, no faults)`);
  const dev = await benchMixed({ seconds });

  say(`2/2: the cluster (${seconds} s, faults)`);
  const runDir = mkdtempSync(join(tmpdir(), 'ows-cluster-bench-'));
  let cluster: Cluster | undefined;
  const receiver = await startWebhookReceiver();
  try {
    cluster = await startCluster({
      runDir,
      postgresPort: await freePort(),
      temporalPort: await temporalBasePort(),
      port: await freePort(),
      uiPort: null,
      apiReplicas: 2,
      workers: 2,
      directory: { companies: 2_000, people: 20_000 },
      // The benchmark's webhook receiver listens on loopback: the one departure from production settings.
      env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true' },
      log: say,
    });
    const c = cluster;
    const fixturesOrm = await openOrm({ databaseUrl: c.postgres.url, poolMax: 2 });
    const fixtures = await mixedFixtures(fixturesOrm, Math.ceil(rates.enrollments * seconds) + 300).finally(() =>
      fixturesOrm.close(),
    );
    const headers = { authorization: `Bearer ${fixtures.org.api_key}`, 'content-type': 'application/json' };
    const client = clusterClient(c.url, headers);
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const op: Op = { name: path, perSecond: 0, expected: [], request: () => ({ method: 'POST', path }) };
      const { status, text } = await client.send(op, { method: 'POST', path, body });
      if (status >= 300) throw new Error(`${path}: ${status} ${text}`);
      return JSON.parse(text) as T;
    };
    const webhook = await post<{ id: string; secret: string }>('/v1/webhooks', {
      name: 'Bench cluster',
      url: receiver.url,
      event_types: [...EVENT_TYPES],
    });
    receiver.verifyWith(webhook.secret);
    const readIds: string[] = [];
    for (let i = 0; i < 20; i++)
      readIds.push(
        (
          await post<{ id: string }>('/v1/contacts', {
            email: `read-${i}@example.com`,
            first_name: 'Read',
            company_domain: 'example.com',
          })
        ).id,
      );

    const ops = mixedOps(rates, readIds, fixtures, [201, 202]);
    const enrollOp = ops.find((o) => o.name === 'POST /v1/sequences')!;
    // One enrollment of a fresh contact, one try: healed when it is created at once (201).
    const probe = async () =>
      await client.send(enrollOp, { ...enrollOp.request(0) }).then(
        (r) => r.status === 201,
        () => false,
      );
    while (!(await probe())) await sleep(500);

    console.log(`cluster load for ${seconds} s: ${ops.map((o) => `${o.name} ${o.perSecond}/s`).join(', ')}`);
    const [result, faults] = await Promise.all([
      runOpenLoop(ops, seconds, client.send),
      runFaults(c, seconds, probe, say),
    ]);

    const auditOrm = await openOrm({ databaseUrl: c.postgres.url, poolMax: 2 });
    try {
      const input = {
        db: () => benchDb(auditOrm),
        organizationId: fixtures.org.organization_id,
        templateId: fixtures.templateId,
        subscriptionId: webhook.id,
        accepted: client.accepted,
        smtp: c.smtp,
        receiver,
      };
      say('waiting for emails and webhook deliveries to drain ...');
      await drain(input, 180_000);
      const found = await audit(input);
      const { lost, duplicated } = auditTotals(found);
      const errors = [...result.errors.values()].reduce((n, e) => n + e.length, 0);
      const retried = client.retried();

      console.log('\n-- cluster, under faults --');
      printLatencyTable(ops, result, seconds);
      console.log('\n-- side by side: dev-server stack vs cluster (latency in ms, throughput in requests/s) --');
      sideBySide(ops, dev.result, result, seconds, faults);
      console.log('\n-- faults --');
      for (const f of faults)
        console.log(
          `${f.name.padEnd(28)} at ${f.at.toFixed(0).padStart(4)} s   healed in ${f.healSeconds.toFixed(1)} s`,
        );
      const fmt = (counts: Record<string, number>) =>
        Object.entries(counts)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ');
      console.log(`lost:       ${fmt(found.lost)}`);
      console.log(`duplicated: ${fmt(found.duplicated)}`);
      console.log(
        `emails whose send a SIGKILL cut off (UNCONFIRMED: counted as sent, never repeated): ${found.unconfirmedEmails}`,
      );
      console.log(
        `enrollments answered 409 "already runs" on a retry (an earlier try created the sequence, its answer was lost): ${client.conflictsAfterRetry()}`,
      );
      console.log(
        `accepted writes: ${client.accepted.contacts.size} contacts, ${client.accepted.events.size} events, ${client.accepted.enrollments.size} enrollments; ` +
          `${c.smtp.total()} emails received; ${receiver.received.size} webhook ids received, ${receiver.badSignatures()} bad signatures; ` +
          `${retried.requests} requests retried (${retried.tries} extra tries)`,
      );
      const maxHeal = Math.max(...faults.map((f) => f.healSeconds));
      console.log(
        `cluster: lost ${lost}, duplicated ${duplicated}, errors ${errors} (${client.conflictsAfterRetry()} enrollment 409s after a retry), heal max ${maxHeal.toFixed(1)} s (${faults.map((f) => `${f.name.replace(' SIGKILL', '')} ${f.healSeconds.toFixed(1)} s`).join(', ')}), ` +
          `${result.latencies.get('POST /v1/contacts')!.length + result.latencies.get('POST /v1/events')!.length + result.latencies.get('POST /v1/sequences')!.length} writes in ${seconds} s`,
      );
    } finally {
      await auditOrm.close();
    }
  } finally {
    await cluster?.stop();
    await receiver.close();
    rmSync(runDir, { recursive: true, force: true });
    // As root the embedded data may live outside runDir, in a folder of its own under DATA_HOME.
    const dataDir = cluster?.postgres.dataDir;
    if (dataDir && !dataDir.startsWith(runDir))
      rmSync(dirname(dirname(dataDir)) === DATA_HOME ? dirname(dataDir) : dataDir, { recursive: true, force: true });
  }
}
