// DATABASE_SSL_MODE and DATABASE_SSL_CA as config.ts reads them, and the `ssl` option each mode
// gives the pg pool. The connections themselves are proven in postgres-tls.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { pgSsl } from '../../db/database-tls.ts';

describe('database TLS settings', () => {
  it('when nothing is set, then connections are plain', () => {
    assert.deepEqual(loadConfig({}).databaseTls, { mode: 'disable', caFile: undefined });
    assert.equal(pgSsl(loadConfig({}).databaseTls), false);
  });

  it('when require is set, then TLS is used without checking the certificate', () => {
    assert.deepEqual(pgSsl(loadConfig({ DATABASE_SSL_MODE: 'require' }).databaseTls), { rejectUnauthorized: false });
  });

  it('when verify-full is set without a CA, then the certificate is checked against the system roots', () => {
    assert.deepEqual(pgSsl(loadConfig({ DATABASE_SSL_MODE: 'VERIFY-FULL' }).databaseTls), { rejectUnauthorized: true });
  });

  it('when verify-full is set with a CA file, then that file is the trust anchor', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ows-ca-'));
    try {
      writeFileSync(join(dir, 'ca.pem'), 'PEM TEXT');
      const tls = loadConfig({ DATABASE_SSL_MODE: 'verify-full', DATABASE_SSL_CA: join(dir, 'ca.pem') }).databaseTls;
      assert.deepEqual(pgSsl(tls), { rejectUnauthorized: true, ca: 'PEM TEXT' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when the CA file is missing, then opening the pool fails naming DATABASE_SSL_CA and the path', () => {
    const tls = loadConfig({ DATABASE_SSL_MODE: 'verify-full', DATABASE_SSL_CA: '/nonexistent/ca.pem' }).databaseTls;
    assert.throws(() => pgSsl(tls), /DATABASE_SSL_CA \/nonexistent\/ca\.pem cannot be read/);
  });

  it('when the mode is unknown, then the start fails naming the variable and the modes', () => {
    assert.throws(
      () => loadConfig({ DATABASE_SSL_MODE: 'prefer' }),
      /DATABASE_SSL_MODE must be one of disable, require, verify-full, got "prefer"/,
    );
  });

  it('when a CA is given without verify-full, then the start fails rather than ignore it', () => {
    assert.throws(
      () => loadConfig({ DATABASE_SSL_MODE: 'require', DATABASE_SSL_CA: '/etc/ca.pem' }).databaseTls,
      /DATABASE_SSL_CA is only used with DATABASE_SSL_MODE=verify-full/,
    );
  });

  it('when DATABASE_URL carries sslmode, then the start fails rather than connect in plain text', () => {
    for (const url of ['postgres://u:p@db/x?sslmode=require', 'postgres://u:p@db/x?application_name=a&ssl=true']) {
      assert.throws(() => loadConfig({ DATABASE_URL: url }), /must not carry sslmode.*set DATABASE_SSL_MODE/);
    }
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://u:p@db/x?application_name=a' }).databaseTls.mode, 'disable');
  });
});
