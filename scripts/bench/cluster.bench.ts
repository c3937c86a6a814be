// `npm run bench -- cluster [--tls]`: the mixed load (mixed-load.ts) on the production topology of
// `npm run cluster` (Temporal server on PostgreSQL as four services, 2 API replicas behind the load
// balancer, 2 workers, production mode, SMTP to a counting sink) for BENCH_CLUSTER_SECONDS (180),
// with Idempotency-Key retries through the load balancer, while a worker, an API replica,
// Temporal's history service and PostgreSQL are SIGKILLed and restarted in turn (cluster-side.ts).
// The same load runs first on the dev-server stack (the `mixed` bench) for comparison; with --tls,
// first on the plain-text cluster and then on the cluster whose frontend requires mutual TLS.
// Printed: per endpoint p50/p99 and throughput of both sides, each fault's heal time, and one last
// line per cluster `cluster: lost N, duplicated N, errors N, ...`. Goal: lost 0, duplicated 0,
// every heal < 60 s; with --tls, the mTLS p50 within 10% of the plain text's. With --rollout, one
// cluster whose workers run as build a of a worker deployment: halfway through the load, build b is
// deployed beside it and made current, and the rollout check (scripts/versioning/rollout-check.ts)
// runs on the same server; goal lost 0, duplicated 0.
import { portOpen } from '../local-stack.ts';
import { temporalPorts } from '../cluster/server-config.ts';
import type { FaultResult } from './cluster-faults.ts';
import { runClusterSide } from './cluster-side.ts';
import { envNumber, percentile } from './harness.ts';
import { benchMixed } from './mixed.bench.ts';
import { mixedRates, type LoadResult, type Op } from './mixed-load.ts';

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
 * Per endpoint: p50, p99 and throughput of the first side (`a`: the dev-server stack, or the
 * plain-text cluster) and of the cluster, the cluster's also without the requests sent while a fault
 * was unhealed (from its kill to SETTLE_SECONDS after its heal).
 */
function sideBySide(
  labels: [string, string],
  ops: Op[],
  dev: LoadResult,
  cluster: LoadResult,
  seconds: number,
  faults: FaultResult[],
): void {
  const disturbed = (at: number) => faults.some((f) => at >= f.at && at <= f.at + f.healSeconds + SETTLE_SECONDS);
  const figures = (xs: number[], count = xs.length) => {
    const sorted = [...xs].sort((a, b) => a - b);
    return [percentile(sorted, 50).toFixed(0), percentile(sorted, 99).toFixed(0), (count / seconds).toFixed(1)];
  };
  const [a, b] = labels.map((label) => label.padStart(4));
  console.log(`endpoint                    ${a} p50 ${a} p99 ${a} r/s  ${b} p50 ${b} p99 ${b} r/s   calm p50 calm p99`);
  for (const op of ops) {
    const all = cluster.latencies.get(op.name)!;
    const sent = cluster.sentAt.get(op.name)!;
    const calm = all.filter((_, i) => !disturbed(sent[i]));
    const cells = [...figures(dev.latencies.get(op.name)!), ...figures(all), ...figures(calm).slice(0, 2)];
    console.log(`${op.name.padEnd(27)}${cells.map((c, i) => c.padStart(i === 3 || i === 6 ? 10 : 9)).join('')}`);
  }
  console.log(`(calm: the cluster's requests sent outside the fault windows, kill to heal + ${SETTLE_SECONDS} s)`);
}

export async function benchCluster(options: { tls?: boolean; rollout?: boolean } = {}): Promise<void> {
  const seconds = envNumber('BENCH_CLUSTER_SECONDS', 180);
  const rates = mixedRates();
  const side = async (tls: boolean, rollout = false) =>
    runClusterSide({ tls, rollout, seconds, rates, temporalPort: await temporalBasePort(), say });
  if (options.rollout) {
    say(`the cluster${options.tls ? ' with mutual TLS' : ''}, a rollout of its workers under load (${seconds} s)`);
    await side(Boolean(options.tls), true);
    return;
  }
  if (!options.tls) {
    say(`1/2: the dev-server stack (${seconds} s, no faults)`);
    const dev = await benchMixed({ seconds });
    say(`2/2: the cluster (${seconds} s, faults)`);
    const cluster = await side(false);
    console.log('\n-- side by side: dev-server stack vs cluster (latency in ms, throughput in requests/s) --');
    sideBySide(['dev', 'cl.'], cluster.ops, dev.result, cluster.result, seconds, cluster.faults);
    return;
  }
  say(`1/2: the cluster in plain text (${seconds} s, faults)`);
  const plain = await side(false);
  say(`2/2: the cluster with mutual TLS on Temporal's frontend (${seconds} s, faults)`);
  const mtls = await side(true);
  console.log('\n-- side by side: plain-text cluster vs mTLS cluster, both under faults (ms, requests/s) --');
  sideBySide(['pl.', 'mTLS'], mtls.ops, plain.result, mtls.result, seconds, mtls.faults);
}
