// TEMPORAL_TLS* and TEMPORAL_API_KEY as config.ts reads them, and the connection options they give.
// The connections themselves are proven in test/api/temporal-tls.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { temporalSecurity } from '../../temporal/tls.ts';

describe('Temporal TLS settings', () => {
  it('when nothing is set, then the connection is plain', () => {
    assert.equal(loadConfig({}).temporalTls.enabled, false);
    assert.deepEqual(temporalSecurity(loadConfig({}).temporalTls), {});
  });

  it('when only TEMPORAL_TLS is true, then TLS trusts the system roots', () => {
    assert.deepEqual(temporalSecurity(loadConfig({ TEMPORAL_TLS: 'true' }).temporalTls), { tls: {} });
  });

  it('when an API key is set (Temporal Cloud), then TLS is implied and the key is sent', () => {
    assert.deepEqual(temporalSecurity(loadConfig({ TEMPORAL_API_KEY: 'k' }).temporalTls), { tls: {}, apiKey: 'k' });
  });

  it('when the files are set, then their contents are the CA and the client pair, with the server name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ows-temporal-tls-'));
    try {
      for (const name of ['ca', 'crt', 'key']) writeFileSync(join(dir, name), `${name} pem`);
      const security = temporalSecurity(
        loadConfig({
          TEMPORAL_TLS_SERVER_CA_CERT_PATH: join(dir, 'ca'),
          TEMPORAL_TLS_SERVER_NAME: 'frontend.internal',
          TEMPORAL_TLS_CLIENT_CERT_PATH: join(dir, 'crt'),
          TEMPORAL_TLS_CLIENT_KEY_PATH: join(dir, 'key'),
        }).temporalTls,
      );
      assert.equal(security.tls?.serverRootCACertificate?.toString(), 'ca pem');
      assert.equal(security.tls?.serverNameOverride, 'frontend.internal');
      assert.equal(security.tls?.clientCertPair?.crt.toString(), 'crt pem');
      assert.equal(security.tls?.clientCertPair?.key.toString(), 'key pem');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('when a file cannot be read, then connecting fails naming its variable and path', () => {
    const tls = loadConfig({ TEMPORAL_TLS_SERVER_CA_CERT_PATH: '/nonexistent/ca.pem' }).temporalTls;
    assert.throws(
      () => temporalSecurity(tls),
      /TEMPORAL_TLS_SERVER_CA_CERT_PATH \/nonexistent\/ca\.pem cannot be read/,
    );
  });

  it('when the settings contradict each other, then the start fails naming them', () => {
    assert.throws(
      () => loadConfig({ TEMPORAL_TLS_CLIENT_CERT_PATH: '/c.pem' }),
      /TEMPORAL_TLS_CLIENT_CERT_PATH and TEMPORAL_TLS_CLIENT_KEY_PATH go together/,
    );
    assert.throws(() => loadConfig({ TEMPORAL_TLS: 'false', TEMPORAL_API_KEY: 'k' }), /TEMPORAL_TLS=false contradicts/);
    assert.throws(() => loadConfig({ TEMPORAL_TLS: 'maybe' }), /TEMPORAL_TLS must be true or false/);
  });
});
