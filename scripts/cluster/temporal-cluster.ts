// Temporal's four services (frontend, history, matching, internal worker) as four processes of the
// pinned server binary, on the generated config; started together, healthy once the frontend
// answers, stopped in the reverse order.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { portOpen, waitForTemporal } from '../local-stack.ts';
import { MUTUAL_TLS_SERVER_NAME, type MutualTlsFiles } from '../certificates.ts';
import type { TemporalTls } from '../../temporal/tls.ts';
import type { TemporalServerBinaries } from './binaries.ts';
import { ManagedProcess } from './managed-process.ts';
import type { PostgresServer } from './schema.ts';
import {
  TEMPORAL_SERVICES,
  temporalDynamicConfig,
  temporalPorts,
  temporalServerConfig,
  type TemporalService,
} from './server-config.ts';

const run = promisify(execFile);

export interface TemporalCluster {
  address: string;
  httpAddress: string;
  services: Record<TemporalService, ManagedProcess>;
  stop(): Promise<void>;
}

export const NUM_HISTORY_SHARDS = 4;
const CONFIG_ENV = 'cluster';

export async function startTemporalCluster(options: {
  binaries: TemporalServerBinaries;
  runDir: string;
  postgres: PostgresServer;
  frontendPort: number;
  /** Mutual TLS on the frontend (`npm run cluster -- --tls`); unset: plain text. */
  tls?: MutualTlsFiles;
  onUnexpectedExit: (name: string, code: number | null, signal: string | null, lastLines: string[]) => void;
}): Promise<TemporalCluster> {
  const configDir = join(options.runDir, 'temporal-config');
  mkdirSync(configDir, { recursive: true });
  const { ports, frontendHttpPort } = temporalPorts(options.frontendPort);
  const taken = [];
  for (const port of [...Object.values(ports).flatMap((p) => [p.grpc, p.membership]), frontendHttpPort])
    if (await portOpen(port)) taken.push(port);
  if (taken.length)
    throw new Error(
      `Temporal's ports ${taken.join(', ')} are in use (another cluster running?); set another frontend port`,
    );
  const dynamicConfigFile = join(configDir, 'dynamicconfig.yaml');
  writeFileSync(dynamicConfigFile, temporalDynamicConfig());
  writeFileSync(
    join(configDir, `${CONFIG_ENV}.yaml`),
    temporalServerConfig({
      postgres: options.postgres,
      numHistoryShards: NUM_HISTORY_SHARDS,
      ports,
      frontendHttpPort,
      dynamicConfigFile,
      logLevel: 'warn',
      frontendTls: options.tls,
    }),
    { mode: 0o600 },
  );
  const services = Object.fromEntries(
    TEMPORAL_SERVICES.map((service) => [
      service,
      new ManagedProcess({
        name: `temporal-${service}`,
        command: options.binaries.server,
        args: [
          '--root',
          options.runDir,
          '--config',
          'temporal-config',
          '--env',
          CONFIG_ENV,
          '--allow-no-auth',
          'start',
          '--service',
          service,
        ],
        logFile: join(options.runDir, `temporal-${service}.log`),
        onUnexpectedExit: options.onUnexpectedExit,
      }),
    ]),
  ) as Record<TemporalService, ManagedProcess>;
  const address = `127.0.0.1:${ports.frontend.grpc}`;
  const stop = async () => {
    for (const service of [...TEMPORAL_SERVICES].reverse()) await services[service].stop(10_000);
    for (const service of TEMPORAL_SERVICES) await services[service].close();
  };
  try {
    // The frontend first: on a fresh database the first process writes the cluster metadata, and
    // processes starting together race on that write and the losers exit.
    services.frontend.start();
    await waitForTemporal(address, 90_000, options.tls ? clientTls(options.tls) : undefined);
    for (const service of TEMPORAL_SERVICES) services[service].start();
  } catch (error) {
    await stop();
    throw new Error(`${String(error)}\nfrontend said: ${services.frontend.tail().join('\n')}`);
  }
  return { address, httpAddress: `127.0.0.1:${frontendHttpPort}`, services, stop };
}

/** How a client of the cluster's frontend connects under mTLS: the run's CA and client certificate. */
export function clientTls(files: MutualTlsFiles): TemporalTls {
  return {
    enabled: true,
    serverCaFile: files.caFile,
    serverName: MUTUAL_TLS_SERVER_NAME,
    clientCertFile: files.clientCertFile,
    clientKeyFile: files.clientKeyFile,
    apiKey: undefined,
    reloadSeconds: 0,
  };
}

/** The same settings as the service's environment (temporal/tls.ts reads them). */
export function clientTlsEnv(files: MutualTlsFiles): Record<string, string> {
  return {
    TEMPORAL_TLS_SERVER_CA_CERT_PATH: files.caFile,
    TEMPORAL_TLS_SERVER_NAME: MUTUAL_TLS_SERVER_NAME,
    TEMPORAL_TLS_CLIENT_CERT_PATH: files.clientCertFile,
    TEMPORAL_TLS_CLIENT_KEY_PATH: files.clientKeyFile,
  };
}

/** The `temporal` CLI's flags for it. */
export function clientTlsCliArgs(files: MutualTlsFiles): string[] {
  return [
    '--tls-ca-path',
    files.caFile,
    '--tls-cert-path',
    files.clientCertFile,
    '--tls-key-path',
    files.clientKeyFile,
  ];
}

/** `temporal operator cluster health`: SERVING once the frontend and the services behind it answer. */
export async function clusterHealth(cli: string, address: string): Promise<string> {
  const { stdout } = await run(cli, ['operator', 'cluster', 'health', '--address', address], { timeout: 15_000 });
  return stdout.trim();
}
