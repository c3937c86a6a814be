// Temporal's own schemas on PostgreSQL: the databases `temporal` and `temporal_visibility`
// created when missing, each brought to version 0.0 and then upgraded with the server's schema
// tool from the versioned folders of the pinned module, as Temporal's release notes prescribe
// for every upgrade (a no-op when already current).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PLAIN_DATABASE, type DatabaseTls } from '../../db/database-tls.ts';
import { ensureDatabase } from '../local-stack.ts';
import type { TemporalServerBinaries } from './binaries.ts';
import { TEMPORAL_DATABASE, TEMPORAL_VISIBILITY_DATABASE } from './server-config.ts';

const run = promisify(execFile);

export interface PostgresServer {
  host: string;
  port: number;
  user: string;
  password: string;
  /** A database to connect to for CREATE DATABASE. */
  adminDatabase: string;
  /** How every connection to it is secured: the service's pools, the schema tool, Temporal's persistence. */
  tls: DatabaseTls;
}

/** Host, port and credentials of a postgres:// URL; its database is where CREATE DATABASE runs. */
export function postgresServer(url: string, tls: DatabaseTls = PLAIN_DATABASE): PostgresServer {
  const parsed = new URL(url);
  return {
    tls,
    host: parsed.hostname,
    port: Number(parsed.port || 5432),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    adminDatabase: decodeURIComponent(parsed.pathname.replace(/^\//, '')) || 'postgres',
  };
}

export function databaseUrl(server: PostgresServer, database: string): string {
  return `postgres://${encodeURIComponent(server.user)}:${encodeURIComponent(server.password)}@${server.host}:${server.port}/${encodeURIComponent(database)}`;
}

/** The schema tool's TLS flags for the server's settings (libpq's modes, as the service uses them). */
function sqlToolTls(tls: DatabaseTls): string[] {
  if (tls.mode === 'disable') return [];
  if (tls.mode === 'require') return ['--tls', '--tls-disable-host-verification'];
  return ['--tls', ...(tls.caFile ? ['--tls-ca-file', tls.caFile] : [])];
}

export async function setupTemporalSchemas(
  binaries: TemporalServerBinaries,
  server: PostgresServer,
  log: (line: string) => void,
): Promise<void> {
  for (const [database, folder] of [
    [TEMPORAL_DATABASE, 'temporal'],
    [TEMPORAL_VISIBILITY_DATABASE, 'visibility'],
  ] as const) {
    await ensureDatabase(databaseUrl(server, server.adminDatabase), database, server.tls);
    const common = [
      ...sqlToolTls(server.tls),
      '--plugin',
      'postgres12',
      '--endpoint',
      server.host,
      '--port',
      String(server.port),
      '--user',
      server.user,
      '--database',
      database,
    ];
    // The password goes through the environment, not the process list.
    const options = { env: { ...process.env, SQL_PASSWORD: server.password } };
    await run(binaries.sqlTool, [...common, 'setup-schema', '--version', '0.0'], options);
    const { stdout, stderr } = await run(
      binaries.sqlTool,
      [...common, 'update-schema', '--schema-dir', join(binaries.postgresSchemaDir, folder, 'versioned')],
      options,
    );
    const output = `${stdout}${stderr}`;
    const current = /current version ([\d.]+)/.exec(output)?.[1];
    log(
      `${database}: schema ${/found zero updates/.test(output) ? `up to date (${current ?? '?'})` : 'set up and upgraded'}`,
    );
  }
}
