// The faults the cluster benchmark injects under load, one after another: SIGKILL of a worker, of
// an API replica, of Temporal's history service, then of PostgreSQL itself, each started again at
// once as a supervisor would. A fault has healed when an enrollment of a fresh contact through the
// load balancer is answered 201 again: the API, PostgreSQL, Temporal and a worker all took part.
import { renewClientCertificate } from '../certificates.ts';
import type { Cluster } from '../cluster/topology.ts';
import { sleep } from './harness.ts';

export interface FaultResult {
  name: string;
  /** Seconds of the run at which it was injected. */
  at: number;
  /** From the kill to the first enrollment answered 201. */
  healSeconds: number;
}

export interface Fault {
  name: string;
  inject(cluster: Cluster): Promise<void>;
}

export const FAULTS: Fault[] = [
  {
    name: 'worker SIGKILL',
    async inject(c) {
      await c.workers[0].kill();
      c.workers[0].start();
    },
  },
  {
    name: 'API replica SIGKILL',
    async inject(c) {
      await c.apis[0].kill();
      c.apis[0].start();
    },
  },
  {
    name: 'Temporal history SIGKILL',
    async inject(c) {
      await c.temporal.services.history.kill();
      c.temporal.services.history.start();
    },
  },
  {
    name: 'PostgreSQL SIGKILL',
    async inject(c) {
      await c.postgres.kill();
      await c.postgres.restart();
    },
  },
];

/** One probe: answers true when an enrollment was created within the workflow's wait (201). */
export type Probe = () => Promise<boolean>;

const HEAL_LIMIT_MS = 180_000;

/**
 * With mTLS: a new client certificate of the cluster's authority written over every process's
 * files, as a renewal does; the processes take it up without a restart (TEMPORAL_TLS_RELOAD_SECONDS).
 */
export const CERTIFICATE_RENEWAL: Fault = {
  name: 'client certificate renewed',
  async inject(c) {
    renewClientCertificate(c.tls!);
  },
};

/**
 * A release of the workers under load (`--rollout`; the cluster's workers run as build a): build b
 * is started beside them and made current, as the release procedure of docs/deployment.md does.
 * Healed when an enrollment is created again; build a keeps running, draining its pinned runs.
 */
export const ROLLOUT: Fault[] = [
  {
    name: 'rollout of build b',
    async inject(c) {
      await c.deployWorkers('b');
    },
  },
];

/** Injects `faults` at evenly spaced points of the run (after the previous one healed), measuring each heal. */
export async function runFaults(
  cluster: Cluster,
  seconds: number,
  probe: Probe,
  log: (line: string) => void,
  faults: Fault[] = FAULTS,
): Promise<FaultResult[]> {
  const started = Date.now();
  const results: FaultResult[] = [];
  for (const [i, fault] of faults.entries()) {
    const due = started + ((i + 1) / (faults.length + 1)) * seconds * 1000;
    if (Date.now() < due) await sleep(due - Date.now());
    const t0 = Date.now();
    log(`${((t0 - started) / 1000).toFixed(0)} s: ${fault.name}`);
    await fault.inject(cluster);
    let healed = false;
    while (!healed && Date.now() - t0 < HEAL_LIMIT_MS) {
      healed = await probe().catch(() => false);
      if (!healed) await sleep(250);
    }
    const healSeconds = healed ? (Date.now() - t0) / 1000 : Number.POSITIVE_INFINITY;
    log(`  healed in ${healSeconds.toFixed(1)} s`);
    results.push({ name: fault.name, at: (t0 - started) / 1000, healSeconds });
    // A restarted API replica rejoins the load balancer once ready.
    for (const api of cluster.apis) if (api.running) await cluster.waitReady(api, 60_000).catch(() => {});
  }
  return results;
}
