// TEMPORAL_TLS* and TEMPORAL_API_KEY as config.ts reads them, and the connection options they give.
// The connections themselves are proven in test/api/temporal-tls.test.ts and, with renewed files,
// test/api/temporal-tls-renewal.test.ts.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config.ts';
import { makeAuthority, makeCertificate, type Pem } from '../../scripts/certificates.ts';
import { watchTlsFiles } from '../../temporal/certificate-files.ts';
import { temporalSecurity } from '../../temporal/tls.ts';
import { until } from '../helpers/poll.ts';

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

  describe('with files', () => {
    let dir: string;
    let authority: Pem;
    let client: Pem;
    const path = (name: string) => join(dir, name);
    const env = (extra: Record<string, string> = {}) => ({
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: path('ca'),
      TEMPORAL_TLS_SERVER_NAME: 'frontend.internal',
      TEMPORAL_TLS_CLIENT_CERT_PATH: path('crt'),
      TEMPORAL_TLS_CLIENT_KEY_PATH: path('key'),
      ...extra,
    });
    const install = (pem: Pem) => {
      writeFileSync(path('crt'), pem.certPem);
      writeFileSync(path('key'), pem.keyPem);
    };
    before(() => {
      authority = makeAuthority('settings CA');
      client = makeCertificate(authority, ['DNS:worker.test'], 'clientAuth', { commonName: 'first' });
    });
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'ows-temporal-tls-'));
      writeFileSync(path('ca'), authority.certPem);
      install(client);
    });
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('when the files are set, then their contents are the CA and the client pair, with the server name', () => {
      const security = temporalSecurity(loadConfig(env()).temporalTls);
      assert.equal(security.tls?.serverRootCACertificate?.toString(), authority.certPem);
      assert.equal(security.tls?.serverNameOverride, 'frontend.internal');
      assert.equal(security.tls?.clientCertPair?.crt.toString(), client.certPem);
      assert.equal(security.tls?.clientCertPair?.key.toString(), client.keyPem);
      assert.equal(loadConfig(env()).temporalTls.reloadSeconds, 60);
    });

    it("when a file is not PEM, or the key is not the certificate's, then connecting fails naming the variable", () => {
      writeFileSync(path('ca'), 'not a certificate');
      assert.throws(
        () => temporalSecurity(loadConfig(env()).temporalTls),
        /TEMPORAL_TLS_SERVER_CA_CERT_PATH is not a PEM certificate/,
      );
      writeFileSync(path('ca'), authority.certPem);
      writeFileSync(path('key'), makeCertificate(authority, ['DNS:other.test'], 'clientAuth').keyPem);
      assert.throws(
        () => temporalSecurity(loadConfig(env()).temporalTls),
        /TEMPORAL_TLS_CLIENT_KEY_PATH is not the key of TEMPORAL_TLS_CLIENT_CERT_PATH/,
      );
    });

    it('when the files change under a watch, then a broken set is reported once and ignored, and a good one is taken', async () => {
      const tls = loadConfig(env({ TEMPORAL_TLS_RELOAD_SECONDS: '1' })).temporalTls;
      const problems: string[] = [];
      const watch = watchTlsFiles(tls, (error) => problems.push(error.message));
      const seen: string[] = [];
      const stop = watch.onChange((files) => seen.push(files.cert!.toString()));
      try {
        const first = watch.current().fingerprint;
        const renewed = makeCertificate(authority, ['DNS:worker.test'], 'clientAuth', { commonName: 'renewed' });
        writeFileSync(path('crt'), renewed.certPem); // the key is not written yet: a half-done renewal
        await until(async () => problems.length > 0, { timeoutMs: 10_000, intervalMs: 100, what: 'the report' });
        await new Promise((resolve) => setTimeout(resolve, 1200)); // another look at the same problem
        assert.equal(watch.current().fingerprint, first, 'the last good set stays');
        assert.deepEqual(seen, []);
        assert.equal(problems.length, 1, 'one report for one problem');
        writeFileSync(path('key'), renewed.keyPem);
        await until(async () => seen.length > 0, { timeoutMs: 10_000, intervalMs: 100, what: 'the renewal' });
        assert.deepEqual(seen, [renewed.certPem]);
        assert.notEqual(watch.current().fingerprint, first);
      } finally {
        stop();
      }
    });
  });

  it('when TEMPORAL_TLS_RELOAD_SECONDS is not a whole number, then the start fails naming it', () => {
    assert.throws(
      () => loadConfig({ TEMPORAL_TLS_RELOAD_SECONDS: 'soon' }),
      /TEMPORAL_TLS_RELOAD_SECONDS must be an integer/,
    );
    assert.equal(loadConfig({ TEMPORAL_TLS_RELOAD_SECONDS: '0' }).temporalTls.reloadSeconds, 0);
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
