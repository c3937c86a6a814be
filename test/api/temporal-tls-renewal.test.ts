// Renewed TLS files reach Temporal connections without a restart (TEMPORAL_TLS_RELOAD_SECONDS):
// the API's lazy client (temporal/reloading-credentials.ts) and a worker process's workers
// (temporal/worker-rotation.ts), through a TLS front (test/helpers/grpc-tls-proxy.ts) on the stack's
// dev server that asks for a client certificate. An expired certificate renewed in place, and a
// certificate swapped for one of a new CA the server has rotated to, are both taken up; without
// the reload each case stays refused.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NativeConnection, Worker } from '@temporalio/worker';
import { loadConfig } from '../../config.ts';
import { lazyTemporalClient } from '../../temporal/client.ts';
import { watchTlsFiles } from '../../temporal/certificate-files.ts';
import { temporalSecurity, type TemporalTls } from '../../temporal/tls.ts';
import { runRotatingWorkers } from '../../temporal/worker-rotation.ts';
import { makeAuthority, makeCertificate, type Pem } from '../../scripts/certificates.ts';
import { startGrpcTlsProxy, type GrpcTlsProxy } from '../helpers/grpc-tls-proxy.ts';
import { getStack } from '../helpers/stack.ts';
import { until } from '../helpers/poll.ts';

const SERVER_NAME = 'temporal.test';
const tinyWorkflows = fileURLToPath(new URL('../../scripts/versioning/build-a.workflow.ts', import.meta.url));

describe('Temporal TLS files renewed without a restart', function () {
  this.timeout(180_000);
  let scratch: string;
  let serverAuthority: Pem;
  let server: Pem;
  const proxies: GrpcTlsProxy[] = [];

  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'ows-temporal-renewal-'));
    serverAuthority = makeAuthority('ows renewal Temporal CA');
    server = makeCertificate(serverAuthority, [`DNS:${SERVER_NAME}`]);
  });
  after(async () => {
    for (const proxy of proxies) await proxy.close();
    rmSync(scratch, { recursive: true, force: true });
  });

  /** A front that trusts `clientCa`, and settings whose client files start as `client`. */
  async function setUp(name: string, clientCa: Pem, client: Pem) {
    const { temporalAddress } = await getStack();
    const proxy = await startGrpcTlsProxy({ upstream: temporalAddress, server, clientCa: clientCa.certPem });
    proxies.push(proxy);
    const path = (file: string) => join(scratch, `${name}-${file}`);
    writeFileSync(path('ca.pem'), serverAuthority.certPem);
    const install = (pem: Pem) => {
      writeFileSync(path('client.key'), pem.keyPem);
      writeFileSync(path('client.crt'), pem.certPem);
    };
    install(client);
    const tls: TemporalTls = loadConfig({
      TEMPORAL_TLS_SERVER_CA_CERT_PATH: path('ca.pem'),
      TEMPORAL_TLS_SERVER_NAME: SERVER_NAME,
      TEMPORAL_TLS_CLIENT_CERT_PATH: path('client.crt'),
      TEMPORAL_TLS_CLIENT_KEY_PATH: path('client.key'),
      TEMPORAL_TLS_RELOAD_SECONDS: '1',
    }).temporalTls;
    return { proxy, tls, install };
  }

  const clientCertificate = (authority: Pem, commonName: string, days = 1) =>
    makeCertificate(authority, ['DNS:worker.test'], 'clientAuth', { commonName, days });

  it("when the API client's certificate has expired and is renewed in place, then the same client connects with the new one; so again after a CA rotation", async () => {
    const firstCa = makeAuthority('ows renewal client CA 1');
    const { proxy, tls, install } = await setUp('api', firstCa, clientCertificate(firstCa, 'expired', 0));
    const { connection } = lazyTemporalClient({ address: proxy.address, namespace: 'default', tls });
    const call = () => connection.workflowService.getSystemInfo({});
    const connects = () =>
      until(
        () =>
          call().then(
            () => true,
            () => false,
          ),
        { timeoutMs: 30_000, intervalMs: 250, what: 'a call through the front' },
      );
    try {
      await assert.rejects(call(), 'the front refuses the expired certificate');
      install(clientCertificate(firstCa, 'renewed'));
      await connects();
      assert.ok(proxy.clientNames.includes('renewed'));

      const secondCa = makeAuthority('ows renewal client CA 2');
      proxy.trust(secondCa.certPem);
      proxy.dropConnections();
      install(clientCertificate(secondCa, 'rotated'));
      await connects();
      assert.equal(proxy.clientNames.at(-1), 'rotated');
      assert.ok(!proxy.clientNames.includes('expired'));
    } finally {
      await connection.close();
    }
  });

  it("when a worker's certificate is swapped for one of the CA the server rotated to, then its workers reconnect with it and keep running workflows", async () => {
    const firstCa = makeAuthority('ows renewal worker CA 1');
    const { proxy, tls, install } = await setUp('worker', firstCa, clientCertificate(firstCa, 'worker-1'));
    const { temporal } = await getStack();
    const taskQueue = `tls-renewal-${randomUUID()}`;
    let workers: Worker[] = [];
    const renewed: number[] = [];
    const running = runRotatingWorkers({
      connect: (files) => NativeConnection.connect({ address: proxy.address, ...temporalSecurity(tls, files) }),
      makeWorkers: async (connection) => [
        await Worker.create({ connection, namespace: 'default', taskQueue, workflowsPath: tinyWorkflows }),
      ],
      watch: watchTlsFiles(tls),
      onWorkers: (started) => (workers = started),
      onRenewed: (generation) => renewed.push(generation),
    });
    const runOnce = async () => {
      const handle = await temporal.workflow.start('upgradingWorkflow', { taskQueue, workflowId: randomUUID() });
      await handle.signal('finish');
      return handle.result();
    };
    try {
      assert.equal(await runOnce(), 'A');
      const secondCa = makeAuthority('ows renewal worker CA 2');
      proxy.trust(secondCa.certPem);
      proxy.dropConnections();
      install(clientCertificate(secondCa, 'worker-2'));
      await until(async () => renewed.length > 0, { timeoutMs: 60_000, what: 'the workers renewed' });
      assert.deepEqual(renewed, [2]);
      assert.equal(await runOnce(), 'A', 'the renewed workers run a new workflow');
      assert.equal(proxy.clientNames.at(-1), 'worker-2');
    } finally {
      for (const worker of workers) if (worker.getState() === 'RUNNING') worker.shutdown();
      await (await running).close();
    }
  });
});
