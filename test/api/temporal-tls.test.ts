// Temporal over TLS as configured by TEMPORAL_TLS_* and TEMPORAL_API_KEY: the client connection of
// the API and the scripts (temporal/client.ts) and the worker's native connection, through a TLS
// front (test/helpers/grpc-tls-proxy.ts) on the stack's dev server with certificates made for the
// run. Each case answers a real call (GetSystemInfo) or fails closed.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NativeConnection } from '@temporalio/worker';
import { loadConfig } from '../../config.ts';
import { connectTemporal, lazyTemporalClient } from '../../temporal/client.ts';
import { temporalSecurity } from '../../temporal/tls.ts';
import { makeAuthority, makeCertificate, type Pem } from '../../scripts/certificates.ts';
import { startGrpcTlsProxy, type GrpcTlsProxy } from '../helpers/grpc-tls-proxy.ts';
import { getStack } from '../helpers/stack.ts';

// The frontend's certificate names temporal.test only: connecting to 127.0.0.1 needs the override.
const SERVER_NAME = 'temporal.test';
const API_KEY = 'test-api-key-0123456789';

describe('Temporal over TLS', function () {
  this.timeout(120_000);
  let scratch: string;
  const file = (name: string, text: string) => {
    const path = join(scratch, name);
    writeFileSync(path, text);
    return path;
  };
  let files: {
    serverCa: string;
    wrongCa: string;
    clientCert: string;
    clientKey: string;
    strangerCert: string;
    strangerKey: string;
  };
  let proxies: { tls: GrpcTlsProxy; mutual: GrpcTlsProxy; keyed: GrpcTlsProxy };

  before(async () => {
    const { temporalAddress } = await getStack();
    scratch = mkdtempSync(join(tmpdir(), 'ows-temporal-tls-'));
    const serverAuthority = makeAuthority('ows test Temporal CA');
    const clientAuthority = makeAuthority('ows test client CA');
    const server = makeCertificate(serverAuthority, [`DNS:${SERVER_NAME}`]);
    const client: Pem = makeCertificate(clientAuthority, ['DNS:worker.test'], 'clientAuth');
    const stranger: Pem = makeCertificate(makeAuthority('someone else'), ['DNS:worker.test'], 'clientAuth');
    files = {
      serverCa: file('server-ca.pem', serverAuthority.certPem),
      wrongCa: file('wrong-ca.pem', makeAuthority('not the server CA').certPem),
      clientCert: file('client.crt', client.certPem),
      clientKey: file('client.key', client.keyPem),
      strangerCert: file('stranger.crt', stranger.certPem),
      strangerKey: file('stranger.key', stranger.keyPem),
    };
    proxies = {
      tls: await startGrpcTlsProxy({ upstream: temporalAddress, server }),
      mutual: await startGrpcTlsProxy({ upstream: temporalAddress, server, clientCa: clientAuthority.certPem }),
      keyed: await startGrpcTlsProxy({ upstream: temporalAddress, server, apiKey: API_KEY }),
    };
  });
  after(async () => {
    for (const proxy of Object.values(proxies ?? {})) await proxy.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  async function systemInfo(proxy: GrpcTlsProxy, env: Record<string, string>): Promise<boolean> {
    const { connection } = await connectTemporal({
      address: proxy.address,
      namespace: 'default',
      tls: loadConfig(env).temporalTls,
      // A handshake that cannot succeed fails at the timeout: 3 s, not the SDK's 10.
      connectTimeoutMs: 3_000,
    });
    try {
      const info = await connection.workflowService.getSystemInfo({});
      return Boolean(info.serverVersion);
    } finally {
      await connection.close();
    }
  }

  const trusted = () => ({ TEMPORAL_TLS_SERVER_CA_CERT_PATH: files.serverCa, TEMPORAL_TLS_SERVER_NAME: SERVER_NAME });

  it('when the CA and the server name are set, then the client calls the server over TLS', async () => {
    assert.equal(await systemInfo(proxies.tls, trusted()), true);
  });

  it("when the API's lazy client has the settings, then it is made without connecting and its first call goes over TLS", async () => {
    const { connection } = lazyTemporalClient({
      address: proxies.keyed.address,
      namespace: 'default',
      tls: loadConfig({ ...trusted(), TEMPORAL_API_KEY: API_KEY }).temporalTls,
    });
    try {
      const refused = proxies.keyed.refusedKeys;
      assert.ok((await connection.workflowService.getSystemInfo({})).serverVersion);
      assert.equal(proxies.keyed.refusedKeys, refused);
    } finally {
      await connection.close();
    }
  });

  it('when another CA is trusted, then the connection fails closed', async () => {
    await assert.rejects(
      systemInfo(proxies.tls, { ...trusted(), TEMPORAL_TLS_SERVER_CA_CERT_PATH: files.wrongCa }),
      /certificate|Failed to connect|UNAVAILABLE/i,
    );
  });

  it('when the server name does not match the certificate, then the connection fails closed', async () => {
    await assert.rejects(
      systemInfo(proxies.tls, { ...trusted(), TEMPORAL_TLS_SERVER_NAME: 'elsewhere.test' }),
      /certificate|Failed to connect|UNAVAILABLE/i,
    );
  });

  it('when the server asks for a client certificate, then only one from its CA gets through', async () => {
    await assert.rejects(systemInfo(proxies.mutual, trusted()));
    await assert.rejects(
      systemInfo(proxies.mutual, {
        ...trusted(),
        TEMPORAL_TLS_CLIENT_CERT_PATH: files.strangerCert,
        TEMPORAL_TLS_CLIENT_KEY_PATH: files.strangerKey,
      }),
    );
    const mutual = {
      ...trusted(),
      TEMPORAL_TLS_CLIENT_CERT_PATH: files.clientCert,
      TEMPORAL_TLS_CLIENT_KEY_PATH: files.clientKey,
    };
    assert.equal(await systemInfo(proxies.mutual, mutual), true);
  });

  it('when an API key is set, then every call carries it; a wrong key is refused', async () => {
    const before = proxies.keyed.refusedKeys;
    await assert.rejects(systemInfo(proxies.keyed, { ...trusted(), TEMPORAL_API_KEY: 'wrong' }));
    assert.ok(proxies.keyed.refusedKeys > before);
    assert.equal(await systemInfo(proxies.keyed, { ...trusted(), TEMPORAL_API_KEY: API_KEY }), true);
  });

  it("when the worker's native connection uses mutual TLS, then it calls the server; without its certificate it fails closed", async () => {
    const settings = (env: Record<string, string>) => ({
      address: proxies.mutual.address,
      ...temporalSecurity(loadConfig(env).temporalTls),
    });
    await assert.rejects(NativeConnection.connect(settings(trusted())));
    const connection = await NativeConnection.connect(
      settings({
        ...trusted(),
        TEMPORAL_TLS_CLIENT_CERT_PATH: files.clientCert,
        TEMPORAL_TLS_CLIENT_KEY_PATH: files.clientKey,
      }),
    );
    try {
      assert.ok((await connection.workflowService.getSystemInfo({})).serverVersion);
    } finally {
      await connection.close();
    }
  });

  it("when the worker's native connection has an API key, then the server sees it", async () => {
    const connection = await NativeConnection.connect({
      address: proxies.keyed.address,
      ...temporalSecurity(loadConfig({ ...trusted(), TEMPORAL_API_KEY: API_KEY }).temporalTls),
    });
    try {
      assert.ok((await connection.workflowService.getSystemInfo({})).serverVersion);
    } finally {
      await connection.close();
    }
  });
});
