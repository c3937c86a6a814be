// One side of the cluster benchmark: `npm run cluster`'s topology (plain text, or mutual TLS on
// Temporal's frontend) started for the run, the mixed load through its load balancer while the
// faults are injected, then the audit of every accepted write. Prints the side's own tables and
// its last line (`cluster: lost N, duplicated N, ...`, or `cluster (mTLS): ...`), and hands back
// the latencies and faults for the side-by-side table.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Connection } from '@temporalio/client';
import { openOrm } from '../../db/orm.ts';
import { EVENT_TYPES } from '../../domain/activity/emit.ts';
import { temporalSecurity } from '../../temporal/tls.ts';
import { makeAuthority } from '../certificates.ts';
import { clientTls } from '../cluster/temporal-cluster.ts';
import { startCluster, type Cluster } from '../cluster/topology.ts';
import { DATA_HOME } from '../embedded-postgres-placement.ts';
import { audit, auditTotals, drain } from './cluster-audit.ts';
import { clusterClient } from './cluster-client.ts';
import { CERTIFICATE_RENEWAL, FAULTS, ROLLOUT, runFaults, type FaultResult } from './cluster-faults.ts';
import { rolloutLine } from './cluster-rollout.ts';
import { benchDb } from './fixtures.ts';
import { freePort, sleep } from './harness.ts';
import {
  mixedFixtures,
  mixedOps,
  printLatencyTable,
  type mixedRates,
  runOpenLoop,
  startWebhookReceiver,
  type LoadResult,
  type Op,
} from './mixed-load.ts';

export interface ClusterSide {
  ops: Op[];
  result: LoadResult;
  faults: FaultResult[];
}

/** Whether a client is refused by the mTLS frontend: with an unknown CA, and without a client certificate. */
async function failsClosed(cluster: Cluster): Promise<string> {
  const tls = clientTls(cluster.tls!);
  const scratch = mkdtempSync(join(tmpdir(), 'ows-wrong-ca-'));
  const refused = async (settings: typeof tls) => {
    try {
      const connection = await Connection.connect({
        address: cluster.temporal.address,
        connectTimeout: 3000,
        ...temporalSecurity(settings),
      });
      await connection.close();
      return 'NO (connected)';
    } catch {
      return 'yes';
    }
  };
  try {
    const wrongCa = join(scratch, 'ca.pem');
    writeFileSync(wrongCa, makeAuthority('not the cluster CA').certPem);
    const unknownCa = await refused({ ...tls, serverCaFile: wrongCa });
    const noCertificate = await refused({ ...tls, clientCertFile: undefined, clientKeyFile: undefined });
    return `mTLS: a client trusting another CA refused ${unknownCa}; a client without a certificate refused ${noCertificate}`;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** How many worker processes moved to a connection made with the renewed client certificate. */
async function renewalsLine(cluster: Cluster): Promise<string> {
  await sleep(10_000); // two looks at the files, and the new workers' start
  const counts = await Promise.all(
    cluster.workerMetricsUrls.map(async (url) => {
      const text = await fetch(url).then(
        (r) => r.text(),
        () => '',
      );
      const match = /^worker_temporal_connection_renewals_total(?:{[^}]*})? (\d+)/m.exec(text);
      return match ? Number(match[1]) : 0;
    }),
  );
  const renewed = counts.filter((n) => n > 0).length;
  return `client certificate renewed: ${renewed} of ${counts.length} worker processes reconnected with it, without a restart`;
}

export async function runClusterSide(options: {
  tls: boolean;
  /** The workers run as build a; a rollout of build b replaces the faults. */
  rollout?: boolean;
  seconds: number;
  rates: ReturnType<typeof mixedRates>;
  temporalPort: number;
  say: (line: string) => void;
}): Promise<ClusterSide> {
  const { seconds, rates, say } = options;
  const label = `cluster${options.tls ? ' (mTLS)' : ''}${options.rollout ? ' (rollout)' : ''}`;
  const runDir = mkdtempSync(join(tmpdir(), 'ows-cluster-bench-'));
  let cluster: Cluster | undefined;
  const receiver = await startWebhookReceiver();
  try {
    cluster = await startCluster({
      runDir,
      postgresPort: await freePort(),
      temporalPort: options.temporalPort,
      port: await freePort(),
      uiPort: null,
      apiReplicas: 2,
      workers: 2,
      directory: { companies: 2_000, people: 20_000 },
      tls: options.tls,
      ...(options.rollout ? { workerBuildId: 'a' } : {}),
      // The benchmark's webhook receiver listens on loopback: the one departure from production settings.
      env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true', ...(options.tls ? { TEMPORAL_TLS_RELOAD_SECONDS: '5' } : {}) },
      log: say,
    });
    const c = cluster;
    const mtlsLine = options.tls ? await failsClosed(c) : undefined;
    const fixturesOrm = await openOrm({ databaseUrl: c.postgres.url, tls: c.postgres.server.tls, poolMax: 2 });
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

    console.log(`${label} load for ${seconds} s: ${ops.map((o) => `${o.name} ${o.perSecond}/s`).join(', ')}`);
    const [result, faults] = await Promise.all([
      runOpenLoop(ops, seconds, client.send),
      runFaults(
        c,
        seconds,
        probe,
        say,
        options.rollout ? ROLLOUT : options.tls ? [...FAULTS, CERTIFICATE_RENEWAL] : FAULTS,
      ),
    ]);
    const renewalLine = options.tls && !options.rollout ? await renewalsLine(c) : undefined;
    const rolloutCheck = options.rollout ? await rolloutLine(c, say) : undefined;

    const auditOrm = await openOrm({ databaseUrl: c.postgres.url, tls: c.postgres.server.tls, poolMax: 2 });
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

      console.log(`\n-- ${label}, under ${options.rollout ? 'a rollout' : 'faults'} --`);
      printLatencyTable(ops, result, seconds);
      console.log(`\n-- ${label}: faults --`);
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
      if (mtlsLine) console.log(mtlsLine);
      if (rolloutCheck) console.log(rolloutCheck);
      if (renewalLine) console.log(renewalLine);
      const maxHeal = Math.max(...faults.map((f) => f.healSeconds));
      console.log(
        `${label}: lost ${lost}, duplicated ${duplicated}, errors ${errors} (${client.conflictsAfterRetry()} enrollment 409s after a retry), heal max ${maxHeal.toFixed(1)} s (${faults.map((f) => `${f.name.replace(' SIGKILL', '')} ${f.healSeconds.toFixed(1)} s`).join(', ')}), ` +
          `${result.latencies.get('POST /v1/contacts')!.length + result.latencies.get('POST /v1/events')!.length + result.latencies.get('POST /v1/sequences')!.length} writes in ${seconds} s`,
      );
      return { ops, result, faults };
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
