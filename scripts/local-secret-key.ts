// The secret key of the embedded local stack (`npm start` and the admin CLI without DATABASE_URL)
// when WEBHOOK_SECRET_KEY is not set: a random key made on first use and kept beside the data
// (`<DATA_DIR>/secret-key`, readable by its owner only), so mailbox passwords are never sealed
// under the public development key. Data made before under the development key keeps that key:
// its webhook secrets and stored answers open only under it (set WEBHOOK_SECRET_KEY to move on).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { embeddedDataDir } from './local-stack.ts';

const FILE = 'secret-key';

/** The local stack's key, made when the data folder is new; null when its data predates the key file. */
export function localSecretKey(dataDir: string): string | null {
  const file = join(dataDir, FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const postgres = join(dataDir, 'postgres');
  if ([postgres, embeddedDataDir(postgres).dataDir].some((dir) => existsSync(join(dir, 'PG_VERSION')))) return null;
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(48).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process (npm start and the CLI side by side) made it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * The environment with the local key as WEBHOOK_SECRET_KEY when the embedded database is used and
 * no key is set; otherwise as it is (a DATABASE_URL's service has its key, which must be given).
 */
export function withLocalSecretKey(env: NodeJS.ProcessEnv, dataDir: string): NodeJS.ProcessEnv {
  if (env.WEBHOOK_SECRET_KEY || env.DATABASE_URL) return env;
  const key = localSecretKey(dataDir);
  return key ? { ...env, WEBHOOK_SECRET_KEY: key } : env;
}
