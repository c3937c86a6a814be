// Certificates made for one run with the openssl CLI (the TLS tests, `npm run cluster -- --tls`):
// a certificate authority, and server or client certificates it signs for the names given.
// Elliptic-curve keys, valid for a day unless asked otherwise.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Pem {
  certPem: string;
  keyPem: string;
}

function openssl(args: string[], cwd: string): void {
  try {
    execFileSync('openssl', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`openssl ${args[0]} failed (the TLS tests need the openssl CLI): ${stderr || String(error)}`);
  }
}

const KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function inScratch<T>(work: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'ows-certs-'));
  try {
    return work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8');

/** A self-signed certificate authority named `name`. */
export function makeAuthority(name: string): Pem {
  return inScratch((dir) => {
    openssl(['req', '-x509', ...KEY, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '1', '-subj', `/CN=${name}`], dir);
    return { certPem: read(dir, 'ca.crt'), keyPem: read(dir, 'ca.key') };
  });
}

/**
 * A certificate signed by `authority` for `altNames` (e.g. `DNS:localhost`, `IP:127.0.0.1`), for a
 * server or, with `clientAuth`, for a client of mutual TLS (TLS checks the purpose). `days: 0`
 * makes one that expires as it is issued; `commonName` tells certificates apart.
 */
export function makeCertificate(
  authority: Pem,
  altNames: string[],
  usage: 'serverAuth' | 'clientAuth' = 'serverAuth',
  { days = 1, commonName = `test-${usage}` }: { days?: number; commonName?: string } = {},
): Pem {
  return inScratch((dir) => {
    writeFileSync(join(dir, 'ca.crt'), authority.certPem);
    writeFileSync(join(dir, 'ca.key'), authority.keyPem);
    writeFileSync(join(dir, 'ext.cnf'), `subjectAltName=${altNames.join(',')}\nextendedKeyUsage=${usage}\n`);
    openssl(['req', ...KEY, '-keyout', 'server.key', '-out', 'server.csr', '-subj', `/CN=${commonName}`], dir);
    openssl(
      [
        ...['x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial'],
        ...['-days', String(days), '-extfile', 'ext.cnf', '-out', 'server.crt'],
      ],
      dir,
    );
    return { certPem: read(dir, 'server.crt'), keyPem: read(dir, 'server.key') };
  });
}

export interface MutualTlsFiles {
  /** The authority both sides trust. */
  caFile: string;
  /** The server's certificate and key (names: localhost, 127.0.0.1). */
  serverCertFile: string;
  serverKeyFile: string;
  /** A client certificate the server accepts. */
  clientCertFile: string;
  clientKeyFile: string;
  /** The authority's key, so a client certificate can be renewed (renewClientCertificate). */
  caKeyFile: string;
}

/** The name the server certificate of writeMutualTlsFiles carries (TLS sends no IP address as a server name). */
export const MUTUAL_TLS_SERVER_NAME = 'localhost';

/** A fresh authority, a server certificate for loopback and a client certificate, written into `dir` (keys mode 600). */
export function writeMutualTlsFiles(dir: string): MutualTlsFiles {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const authority = makeAuthority('outreach cluster CA');
  const server = makeCertificate(authority, [`DNS:${MUTUAL_TLS_SERVER_NAME}`, 'IP:127.0.0.1']);
  const client = makeCertificate(authority, ['DNS:outreach-client'], 'clientAuth');
  const write = (name: string, pem: string) => writePrivate(join(dir, name), pem);
  return {
    caFile: write('ca.pem', authority.certPem),
    caKeyFile: write('ca.key', authority.keyPem),
    serverCertFile: write('server.pem', server.certPem),
    serverKeyFile: write('server.key', server.keyPem),
    clientCertFile: write('client.pem', client.certPem),
    clientKeyFile: write('client.key', client.keyPem),
  };
}

function writePrivate(path: string, pem: string): string {
  writeFileSync(path, pem, { mode: 0o600 });
  return path;
}

/**
 * A new client certificate of the same authority written over the files of `files`, each replaced
 * whole by a rename (as a Secret volume's update does): what a certificate renewal does to a
 * running process's files.
 */
export function renewClientCertificate(files: MutualTlsFiles, commonName = 'outreach-client-renewed'): void {
  const authority = { certPem: readFileSync(files.caFile, 'utf8'), keyPem: readFileSync(files.caKeyFile, 'utf8') };
  const client = makeCertificate(authority, ['DNS:outreach-client'], 'clientAuth', { commonName });
  for (const [path, pem] of [
    [files.clientKeyFile, client.keyPem],
    [files.clientCertFile, client.certPem],
  ] as const) {
    renameSync(writePrivate(`${path}.new`, pem), path);
  }
}
