// The Temporal server's configuration for the local cluster, generated per run: PostgreSQL 12+
// persistence (databases `temporal` and `temporal_visibility`), a pinned shard count, and one
// port pair per service so frontend, history, matching and worker run as separate processes that
// find each other through the cluster_membership table. Pure: tested in test/unit.
import YAML from 'yaml';
import type { DatabaseTls } from '../../db/database-tls.ts';
import { MUTUAL_TLS_SERVER_NAME, type MutualTlsFiles } from '../certificates.ts';

export const TEMPORAL_SERVICES = ['frontend', 'history', 'matching', 'worker'] as const;
export type TemporalService = (typeof TEMPORAL_SERVICES)[number];

export interface TemporalPorts {
  grpc: number;
  membership: number;
}

export interface TemporalConfigOptions {
  postgres: { host: string; port: number; user: string; password: string; tls?: DatabaseTls };
  /** Fixed for the life of the cluster: history shards cannot change once the database holds data. */
  numHistoryShards: number;
  ports: Record<TemporalService, TemporalPorts>;
  /** The frontend's HTTP API port. */
  frontendHttpPort: number;
  /** Absolute path of the dynamic-config file (temporalDynamicConfig()). */
  dynamicConfigFile: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** Mutual TLS on the frontend: clients must present a certificate of this authority. */
  frontendTls?: MutualTlsFiles;
}

/**
 * Every port of the cluster from the frontend's: gRPC at +0..+3, membership at +100..+103, the
 * frontend's HTTP API at +10. Temporal stores membership ports in a smallint column, so the
 * frontend port must leave them all under 32768.
 */
export function temporalPorts(frontendPort: number): {
  ports: Record<TemporalService, TemporalPorts>;
  frontendHttpPort: number;
} {
  if (!Number.isInteger(frontendPort) || frontendPort < 1024 || frontendPort + 103 > 32767) {
    throw new Error(
      `the Temporal frontend port must be between 1024 and 32664 (membership ports are a smallint), got ${frontendPort}`,
    );
  }
  const ports = Object.fromEntries(
    TEMPORAL_SERVICES.map((name, i) => [name, { grpc: frontendPort + i, membership: frontendPort + 100 + i }]),
  );
  return { ports: ports as Record<TemporalService, TemporalPorts>, frontendHttpPort: frontendPort + 10 };
}

export const TEMPORAL_DATABASE = 'temporal';
export const TEMPORAL_VISIBILITY_DATABASE = 'temporal_visibility';

function datastore(options: TemporalConfigOptions, databaseName: string, maxConns: number) {
  const { host, port, user, password, tls } = options.postgres;
  return {
    sql: {
      pluginName: 'postgres12',
      databaseName,
      connectAddr: `${host}:${port}`,
      connectProtocol: 'tcp',
      user,
      password,
      maxConns,
      maxIdleConns: maxConns,
      maxConnLifetime: '1h',
      ...(tls && tls.mode !== 'disable'
        ? {
            tls: {
              enabled: true,
              enableHostVerification: tls.mode === 'verify-full',
              ...(tls.caFile ? { caFile: tls.caFile } : {}),
            },
          }
        : {}),
    },
  };
}

/**
 * mTLS on the frontend's port: it serves its certificate and requires a client certificate of the
 * authority; the internal worker service, itself a client of the frontend, presents the client
 * certificate. The other services talk to each other in plain text on loopback (internode).
 */
function frontendTls(files: MutualTlsFiles) {
  const client = { serverName: MUTUAL_TLS_SERVER_NAME, rootCaFiles: [files.caFile] };
  return {
    frontend: {
      server: {
        certFile: files.serverCertFile,
        keyFile: files.serverKeyFile,
        clientCaFiles: [files.caFile],
        requireClientAuth: true,
      },
      client,
    },
    systemWorker: { certFile: files.clientCertFile, keyFile: files.clientKeyFile, client },
    // Certificates on disk are read again this often: a renewed one is taken up without a restart.
    refreshInterval: '1m',
  };
}

/** The server config (YAML): every process loads the same file and starts the service it is given. */
export function temporalServerConfig(options: TemporalConfigOptions): string {
  const frontend = `127.0.0.1:${options.ports.frontend.grpc}`;
  const services = Object.fromEntries(
    TEMPORAL_SERVICES.map((name) => [
      name,
      {
        rpc: {
          grpcPort: options.ports[name].grpc,
          membershipPort: options.ports[name].membership,
          bindOnIP: '127.0.0.1',
          ...(name === 'frontend' ? { httpPort: options.frontendHttpPort } : {}),
        },
      },
    ]),
  );
  return YAML.stringify({
    log: { stdout: true, level: options.logLevel },
    persistence: {
      defaultStore: 'postgres-default',
      visibilityStore: 'postgres-visibility',
      numHistoryShards: options.numHistoryShards,
      datastores: {
        // Per process: each of the four opens its own pool (docs/scaling.md adds them up).
        'postgres-default': datastore(options, TEMPORAL_DATABASE, 10),
        'postgres-visibility': datastore(options, TEMPORAL_VISIBILITY_DATABASE, 2),
      },
    },
    global: {
      membership: { maxJoinDuration: '30s', broadcastAddress: '127.0.0.1' },
      ...(options.frontendTls ? { tls: frontendTls(options.frontendTls) } : {}),
    },
    services,
    clusterMetadata: {
      enableGlobalNamespace: false,
      failoverVersionIncrement: 10,
      masterClusterName: 'active',
      currentClusterName: 'active',
      clusterInformation: {
        active: {
          enabled: true,
          initialFailoverVersion: 1,
          rpcName: 'frontend',
          rpcAddress: frontend,
          httpAddress: `127.0.0.1:${options.frontendHttpPort}`,
        },
      },
    },
    dcRedirectionPolicy: { policy: 'noop' },
    archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } },
    namespaceDefaults: { archival: { history: { state: 'disabled' }, visibility: { state: 'disabled' } } },
    dynamicConfigClient: { filepath: options.dynamicConfigFile, pollInterval: '10s' },
  });
}

/**
 * Dynamic config: what the service uses beyond the server's defaults (Workflow Updates and
 * update-with-start, as the dev server enables them), and ids up to 255 characters (workflow
 * ids carry an organization, a contact and a template).
 */
export function temporalDynamicConfig(): string {
  const on = [{ value: true, constraints: {} }];
  return YAML.stringify({
    'limit.maxIDLength': [{ value: 255, constraints: {} }],
    'frontend.enableUpdateWorkflowExecution': on,
    'frontend.enableUpdateWorkflowExecutionAsyncAccepted': on,
    'frontend.enableExecuteMultiOperation': on,
  });
}
