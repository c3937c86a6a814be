// PostgreSQL over TLS, end to end: the embedded server started with ssl=on and a certificate made
// for the run, reached through the settings of DATABASE_SSL_MODE / DATABASE_SSL_CA by a bare pg
// client (what the scripts open) and by the ORM's pool (what the API and the workers open).
// pg_stat_ssl says whether the server sees the connection encrypted.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../config.ts';
import { pgSsl, type DatabaseTls } from '../../db/database-tls.ts';
import { openOrm } from '../../db/orm.ts';
import { freePort, startEmbeddedPostgres, type RunningPostgres } from '../../scripts/local-stack.ts';
import { makeAuthority, makeCertificate } from '../../scripts/certificates.ts';

const ENCRYPTED = 'SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()';

describe('PostgreSQL over TLS', function () {
  this.timeout(120_000);
  let postgres: RunningPostgres;
  let scratch: string;
  let rightCa: string;
  let wrongCa: string;
  // The certificate names localhost only: reaching the same server as 127.0.0.1 is a host mismatch.
  let byName: string;
  let byAddress: string;

  before(async () => {
    scratch = mkdtempSync(join(tmpdir(), 'ows-pg-tls-'));
    const authority = makeAuthority('ows test database CA');
    writeFileSync((rightCa = join(scratch, 'right-ca.pem')), authority.certPem);
    writeFileSync((wrongCa = join(scratch, 'wrong-ca.pem')), makeAuthority('someone else').certPem);
    const port = await freePort();
    postgres = await startEmbeddedPostgres({
      dataDir: join(scratch, 'data'),
      port,
      database: 'tls',
      persistent: false,
      tls: makeCertificate(authority, ['DNS:localhost']),
    });
    byAddress = postgres.url;
    byName = postgres.url.replace('@127.0.0.1:', '@localhost:');
  });
  after(async () => {
    await postgres?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  const settings = (mode: string, ca?: string): DatabaseTls =>
    loadConfig({ DATABASE_SSL_MODE: mode, ...(ca ? { DATABASE_SSL_CA: ca } : {}) }).databaseTls;

  async function encrypted(url: string, tls: DatabaseTls): Promise<boolean> {
    const client = new pg.Client({ connectionString: url, ssl: pgSsl(tls) });
    await client.connect();
    try {
      return (await client.query<{ ssl: boolean }>(ENCRYPTED)).rows[0]!.ssl;
    } finally {
      await client.end();
    }
  }

  it('when the mode is disable, then the connection is plain', async () => {
    assert.equal(await encrypted(byAddress, settings('disable')), false);
  });

  it('when the mode is require, then the connection is encrypted whoever signed the certificate', async () => {
    assert.equal(await encrypted(byAddress, settings('require')), true);
  });

  it('when the mode is verify-full with the right CA and the certificate names the host, then it connects encrypted', async () => {
    assert.equal(await encrypted(byName, settings('verify-full', rightCa)), true);
  });

  it('when the mode is verify-full with another CA, then the connection is refused', async () => {
    await assert.rejects(encrypted(byName, settings('verify-full', wrongCa)), /certificate/i);
  });

  it('when the mode is verify-full without a CA file, then a certificate outside the system roots is refused', async () => {
    await assert.rejects(encrypted(byName, settings('verify-full')), /certificate/i);
  });

  it('when the mode is verify-full and the certificate does not name the host reached, then the connection is refused', async () => {
    await assert.rejects(
      encrypted(byAddress, settings('verify-full', rightCa)),
      /does not match certificate's altnames/,
    );
  });

  describe('through the ORM pool every process opens', () => {
    const query = async (tls: DatabaseTls) => {
      const orm = await openOrm({ databaseUrl: byName, tls, poolMax: 1 });
      try {
        const rows: Array<{ ssl: boolean }> = await orm.em.getConnection().execute(ENCRYPTED);
        return rows[0]!.ssl;
      } finally {
        await orm.close();
      }
    };

    it('when verify-full is set with the right CA, then its queries run encrypted', async () => {
      assert.equal(await query(settings('verify-full', rightCa)), true);
    });

    it('when verify-full is set with another CA, then no query runs', async () => {
      await assert.rejects(query(settings('verify-full', wrongCa)), /certificate/i);
    });
  });
});
