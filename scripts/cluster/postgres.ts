// The cluster's PostgreSQL: DATABASE_URL's server when set (its role must be allowed to create
// databases), else the embedded one with its data under the cluster's folder. The embedded one
// can be SIGKILLed and started again on the same data, which the fault benchmark does.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EMBEDDED_DATABASE,
  ensureDatabase,
  portOpen,
  startEmbeddedPostgres,
  type RunningPostgres,
} from '../local-stack.ts';
import { PLAIN_DATABASE, type DatabaseTls } from '../../db/database-tls.ts';
import type { MutualTlsFiles } from '../certificates.ts';
import { databaseUrl, postgresServer, type PostgresServer } from './schema.ts';

export interface ClusterPostgres {
  /** The service's own database. */
  url: string;
  server: PostgresServer;
  /** Where the embedded server keeps its data; null for DATABASE_URL's server. */
  dataDir: string | null;
  /** SIGKILL of the postmaster (embedded only), as a crashed database host. */
  kill(): Promise<void>;
  /** Starts the embedded server again on its data (crash recovery replays the WAL). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function startClusterPostgres(options: {
  databaseUrl: string | undefined;
  /** TLS to DATABASE_URL's server (the launcher's DATABASE_SSL_MODE / DATABASE_SSL_CA). */
  databaseTls: DatabaseTls;
  /** The embedded server serves TLS with the run's server certificate, and every client verifies it. */
  tls?: MutualTlsFiles;
  dataDir: string;
  port: number;
  log: (line: string) => void;
}): Promise<ClusterPostgres> {
  if (options.databaseUrl) {
    const server = postgresServer(options.databaseUrl, options.databaseTls);
    await ensureDatabase(databaseUrl(server, server.adminDatabase), server.adminDatabase, server.tls);
    const unsupported = async () => {
      throw new Error('only the embedded PostgreSQL can be killed and restarted');
    };
    return {
      url: options.databaseUrl,
      server,
      dataDir: null,
      kill: unsupported,
      restart: unsupported,
      stop: async () => {},
    };
  }
  const start = () =>
    startEmbeddedPostgres({
      dataDir: options.dataDir,
      port: options.port,
      database: EMBEDDED_DATABASE,
      persistent: true,
      ...(options.tls
        ? {
            tls: {
              certPem: readFileSync(options.tls.serverCertFile, 'utf8'),
              keyPem: readFileSync(options.tls.serverKeyFile, 'utf8'),
            },
          }
        : {}),
      // Only what needs a look: refused connections while it starts, recovers or stops are expected.
      log: (chunk) => {
        for (const line of chunk.split('\n'))
          if (/FATAL|PANIC/.test(line) && !/shutting down|starting up|not yet accepting/.test(line)) options.log(line);
      },
    });
  let running: RunningPostgres = await start();
  const tls: DatabaseTls = options.tls ? { mode: 'verify-full', caFile: options.tls.caFile } : PLAIN_DATABASE;
  const server = postgresServer(running.url.replace(/\/[^/]*$/, '/postgres'), tls);
  const postmasterPid = () => Number(readFileSync(join(running.dataDir!, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    url: running.url,
    server,
    dataDir: running.dataDir,
    async kill() {
      const pid = postmasterPid();
      process.kill(pid, 'SIGKILL');
      while (alive(pid) || (await portOpen(options.port))) await sleep(100);
    },
    async restart() {
      // Backends of the killed postmaster notice its death and exit within moments; until then
      // their shared memory keeps a new postmaster from starting.
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          running = await start();
          return;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await sleep(500);
        }
      }
    },
    stop: () => running.stop(),
  };
}
