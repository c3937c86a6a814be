// `npm run cluster`: the production topology on one machine (scripts/cluster/topology.ts):
// PostgreSQL (embedded, data in .data/cluster/, or DATABASE_URL's server), the Temporal server
// built from source at a pinned version as four services, the Temporal UI, 2 workers, a mailbox
// worker (the inbox sync, its own process) and 2 API replicas in production mode behind a local
// load balancer. Ctrl-C stops everything in order:
// load balancer, APIs, workers, UI, Temporal services, PostgreSQL. `--tls`: Temporal's frontend
// requires mutual TLS and the embedded PostgreSQL serves TLS, with certificates made for the run;
// every client connects through them, verifying. `--build-id ID`: the workers poll as that build of
// the worker deployment `outreach` (Worker Versioning), made current once they poll.
import { join, resolve } from 'node:path';
import { loadConfig } from '../../config.ts';
import { envNumber } from '../bench/harness.ts';
import { clientTlsCliArgs } from './temporal-cluster.ts';
import { startCluster, type Cluster } from './topology.ts';

// Read for the launcher's own settings (data folder, DATABASE_URL, directory size): the services'
// production settings, secrets included, are made by topology.ts and must not be required here.
const config = loadConfig({ ...process.env, SANDBOX_MODE: 'true' });
const say = (line: string) => console.log(`[cluster] ${line}`);
const args = process.argv.slice(2);

/** `--build-id ID`: the workers run as that build of the worker deployment `outreach` (Worker Versioning). */
function buildIdArgument(): string | undefined {
  const at = args.indexOf('--build-id');
  if (at < 0) return undefined;
  const id = args[at + 1];
  if (!id || id.startsWith('--')) {
    console.error('--build-id needs a value: npm run cluster -- --build-id 2026.11.28');
    process.exit(2);
  }
  return id;
}
let cluster: Cluster | undefined;
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('stopping: load balancer, APIs, workers, UI, Temporal, PostgreSQL ...');
    await cluster?.stop();
    say('stopped');
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const runDir = resolve(config.dataDir, 'cluster');
  cluster = await startCluster({
    runDir,
    databaseUrl: config.databaseUrl,
    databaseTls: config.databaseTls,
    postgresPort: envNumber('CLUSTER_PG_PORT', 5489),
    temporalPort: envNumber('CLUSTER_TEMPORAL_PORT', 7333),
    port: envNumber('CLUSTER_PORT', 3100),
    uiPort: envNumber('CLUSTER_UI_PORT', 8333),
    apiReplicas: envNumber('CLUSTER_API_REPLICAS', 2),
    workers: envNumber('CLUSTER_WORKERS', 2),
    mailboxWorkers: envNumber('CLUSTER_MAILBOX_WORKERS', 1),
    tls: args.includes('--tls'),
    workerBuildId: buildIdArgument(),
    directory: { companies: config.directoryCompanies, people: config.directoryPeople },
    log: say,
  });
  if (stopping) await new Promise(() => {});
  const { url, uiUrl, temporal, smtp, apiUrls, serviceEnv } = cluster;
  say('');
  say(`API (load balancer): ${url}   -> ${apiUrls.join(', ')}   (ready: ${url}/readyz)`);
  say(`API reference:       ${url}/docs`);
  const cliTls = cluster.tls ? ` ${clientTlsCliArgs(cluster.tls).join(' ')}` : '';
  say(
    `Temporal frontend:   ${temporal.address}${cluster.tls ? ' (mTLS)' : ''}   (temporal --address ${temporal.address}${cliTls} operator cluster health)`,
  );
  say(`Temporal UI:         ${uiUrl ?? '(none: the UI server could not be built here)'}`);
  say(`SMTP sink:           ${smtp.url} (production mail transport; messages are counted, not delivered)`);
  say(`Metrics token:       ${serviceEnv.METRICS_TOKEN} (GET ${url}/metrics with Authorization: Bearer <token>)`);
  const { tls: databaseTls } = cluster.postgres.server;
  const databaseEnv =
    databaseTls.mode === 'disable'
      ? ''
      : `DATABASE_SSL_MODE=${databaseTls.mode} ${databaseTls.caFile ? `DATABASE_SSL_CA=${databaseTls.caFile} ` : ''}`;
  const databaseUrl = cluster.postgres.dataDir ? cluster.postgres.url : '$DATABASE_URL';
  say(
    `Get an API key:      ${databaseEnv}DATABASE_URL=${databaseUrl} npm run --silent admin -- bootstrap --org-name "My Org" --json`,
  );
  say(`Logs:                ${join(runDir, '*.log')}`);
  say('Ctrl-C stops everything in order; the data stays in the folder above.');
} catch (error) {
  console.error(`[cluster] failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
