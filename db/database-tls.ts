// How every connection to PostgreSQL is secured: DATABASE_SSL_MODE and DATABASE_SSL_CA, read
// by config.ts and applied to the one pool each process opens (db/mikro-orm.config.ts, which
// Kysely shares) and to the bare clients the scripts open (scripts/local-stack.ts). The modes are
// libpq's names with libpq's meaning, so an operator's managed-database guide reads the same here.
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';

export const DATABASE_SSL_MODES = ['disable', 'require', 'verify-full'] as const;
export type DatabaseSslMode = (typeof DATABASE_SSL_MODES)[number];

export interface DatabaseTls {
  /**
   * disable: plain TCP. require: TLS, the server's certificate not checked (encrypts, does not
   * authenticate: a man in the middle can still pose as the server). verify-full: TLS, the
   * certificate must chain to `caFile` (or the system's roots) and name the host connected to.
   */
  mode: DatabaseSslMode;
  /** PEM file of the certificate authorities trusted with verify-full; unset: the system's roots. */
  caFile: string | undefined;
}

export const PLAIN_DATABASE: DatabaseTls = { mode: 'disable', caFile: undefined };

/**
 * The `ssl` option of a `pg` client or pool for these settings. The CA file is read here, when the
 * process opens its pool, so a missing or unreadable file stops the start with its path named.
 * Host-name checking is Node's default (`checkServerIdentity`); `pg` sends the host as SNI.
 */
export function pgSsl(tls: DatabaseTls): false | ConnectionOptions {
  if (tls.mode === 'disable') return false;
  if (tls.mode === 'require') return { rejectUnauthorized: false };
  if (!tls.caFile) return { rejectUnauthorized: true };
  let ca: string;
  try {
    ca = readFileSync(tls.caFile, 'utf8');
  } catch (error) {
    throw new Error(`DATABASE_SSL_CA ${tls.caFile} cannot be read: ${(error as Error).message}`);
  }
  return { rejectUnauthorized: true, ca };
}
