// The Temporal server at a pinned version, built once from the Go module proxy into
// .tools/temporal-server/<version>/ (the `server` binary and the `sql` schema tool), and the
// PostgreSQL schemas that ship in the same module. Needs Go on PATH the first time only.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../tools.ts';

export const TEMPORAL_SERVER_VERSION = 'v1.29.1';
const MODULE = 'go.temporal.io/server';

export interface TemporalServerBinaries {
  server: string;
  sqlTool: string;
  /** schema/postgresql/v12 of the module: temporal/ and visibility/, each with versioned/. */
  postgresSchemaDir: string;
}

function goEnv(name: string): string {
  return execFileSync('go', ['env', name], { encoding: 'utf8' }).trim();
}

/** The binaries under .tools/, built with `go install` when missing (about four minutes on two cores). */
export function temporalServerBinaries(log: (line: string) => void = console.error): TemporalServerBinaries {
  const bin = join(projectRoot, '.tools', 'temporal-server', TEMPORAL_SERVER_VERSION);
  const server = join(bin, 'server');
  const sqlTool = join(bin, 'sql');
  const missing = [
    ['cmd/server', server],
    ['cmd/tools/sql', sqlTool],
  ].filter(([, file]) => !existsSync(file));
  if (missing.length && spawnSync('go', ['version']).status !== 0) {
    throw new Error(
      `Go is needed once to build the Temporal server ${TEMPORAL_SERVER_VERSION} into ${bin} (https://go.dev/dl/)`,
    );
  }
  for (const [pkg] of missing) {
    log(`[tools] building ${MODULE}/${pkg}@${TEMPORAL_SERVER_VERSION} into ${bin} (a few minutes, once) ...`);
    execFileSync('go', ['install', `${MODULE}/${pkg}@${TEMPORAL_SERVER_VERSION}`], {
      env: { ...process.env, GOBIN: bin },
      stdio: 'inherit',
    });
  }
  // `go install` leaves the module's source (schemas included) in the module cache; fetch it if that was cleaned.
  const moduleDir = join(goEnv('GOMODCACHE'), `${MODULE}@${TEMPORAL_SERVER_VERSION}`);
  if (!existsSync(moduleDir))
    execFileSync('go', ['mod', 'download', `${MODULE}@${TEMPORAL_SERVER_VERSION}`], { stdio: 'inherit', cwd: bin });
  return { server, sqlTool, postgresSchemaDir: join(moduleDir, 'schema', 'postgresql', 'v12') };
}

/** The Web UI server, the version the pinned `temporal` CLI embeds; its assets are compiled into the binary. */
export const TEMPORAL_UI_VERSION = 'v2.54.1';

/** The UI server under .tools/, built when missing; null (with the reason logged) when it cannot be had. */
export function temporalUiBinary(log: (line: string) => void = console.error): string | null {
  const bin = join(projectRoot, '.tools', 'temporal-ui', TEMPORAL_UI_VERSION);
  const server = join(bin, 'server');
  if (existsSync(server)) return server;
  log(`[tools] building github.com/temporalio/ui-server/v2/cmd/server@${TEMPORAL_UI_VERSION} into ${bin} (once) ...`);
  const built = spawnSync('go', ['install', `github.com/temporalio/ui-server/v2/cmd/server@${TEMPORAL_UI_VERSION}`], {
    env: { ...process.env, GOBIN: bin },
    stdio: 'inherit',
  });
  if (built.status === 0 && existsSync(server)) return server;
  log(
    '[tools] the Temporal UI server could not be built; the cluster runs without a UI (the `temporal` CLI reaches it instead)',
  );
  return null;
}
