// The generated Temporal server config of `npm run cluster`: PostgreSQL 12 persistence on the two
// databases, the pinned shard count, one port pair per service under Temporal's smallint limit,
// and mTLS on the frontend for `npm run cluster -- --tls`.
import assert from 'node:assert/strict';
import YAML from 'yaml';
import {
  TEMPORAL_SERVICES,
  temporalDynamicConfig,
  temporalPorts,
  temporalServerConfig,
} from '../../../scripts/cluster/server-config.ts';

const postgres = { host: '127.0.0.1', port: 5489, user: 'postgres', password: 's3cret' };

describe('Temporal server config (npm run cluster)', () => {
  it('when generated, then both stores use postgres12 on temporal and temporal_visibility with the pinned shard count', () => {
    const { ports, frontendHttpPort } = temporalPorts(7333);
    const config = YAML.parse(
      temporalServerConfig({
        postgres,
        numHistoryShards: 4,
        ports,
        frontendHttpPort,
        dynamicConfigFile: '/tmp/dc.yaml',
        logLevel: 'warn',
      }),
    );
    assert.equal(config.persistence.numHistoryShards, 4);
    const stores = config.persistence.datastores;
    assert.equal(stores[config.persistence.defaultStore].sql.databaseName, 'temporal');
    assert.equal(stores[config.persistence.visibilityStore].sql.databaseName, 'temporal_visibility');
    for (const store of Object.values(stores) as {
      sql: { pluginName: string; connectAddr: string; password: string };
    }[]) {
      assert.equal(store.sql.pluginName, 'postgres12');
      assert.equal(store.sql.connectAddr, '127.0.0.1:5489');
      assert.equal(store.sql.password, 's3cret');
    }
    assert.deepEqual(Object.keys(config.services).sort(), [...TEMPORAL_SERVICES].sort());
    assert.equal(config.services.frontend.rpc.grpcPort, 7333);
    assert.equal(config.services.frontend.rpc.httpPort, 7343);
    assert.equal(config.clusterMetadata.clusterInformation.active.rpcAddress, '127.0.0.1:7333');
    assert.equal(config.dynamicConfigClient.filepath, '/tmp/dc.yaml');
    for (const name of TEMPORAL_SERVICES) assert.equal(config.services[name].rpc.bindOnIP, '127.0.0.1');
  });

  it('when the frontend has mTLS, then it serves its certificate, requires a client one of the CA, and the internal worker presents one', () => {
    const { ports, frontendHttpPort } = temporalPorts(7333);
    const files = {
      caFile: '/t/ca.pem',
      serverCertFile: '/t/server.pem',
      serverKeyFile: '/t/server.key',
      clientCertFile: '/t/client.pem',
      clientKeyFile: '/t/client.key',
      caKeyFile: '/t/ca.key',
    };
    const options = { postgres, numHistoryShards: 4, ports, frontendHttpPort, dynamicConfigFile: '/tmp/dc.yaml' };
    const { tls } = YAML.parse(temporalServerConfig({ ...options, logLevel: 'warn', frontendTls: files })).global;
    assert.deepEqual(tls.frontend.server, {
      certFile: '/t/server.pem',
      keyFile: '/t/server.key',
      clientCaFiles: ['/t/ca.pem'],
      requireClientAuth: true,
    });
    assert.deepEqual(tls.systemWorker.certFile, '/t/client.pem');
    assert.deepEqual(tls.systemWorker.client.rootCaFiles, ['/t/ca.pem']);
    assert.equal(YAML.parse(temporalServerConfig({ ...options, logLevel: 'warn' })).global.tls, undefined);
  });

  it('when PostgreSQL needs TLS, then both stores connect with it: verify-full checks the host against the CA, require does not', () => {
    const { ports, frontendHttpPort } = temporalPorts(7333);
    const options = { numHistoryShards: 4, ports, frontendHttpPort, dynamicConfigFile: '/tmp/dc.yaml' };
    const stores = (tls: { mode: 'require' | 'verify-full'; caFile: string | undefined }) =>
      Object.values(
        YAML.parse(temporalServerConfig({ ...options, logLevel: 'warn', postgres: { ...postgres, tls } })).persistence
          .datastores,
      ).map((store) => (store as { sql: { tls: unknown } }).sql.tls);
    for (const tls of stores({ mode: 'verify-full', caFile: '/t/ca.pem' }))
      assert.deepEqual(tls, { enabled: true, enableHostVerification: true, caFile: '/t/ca.pem' });
    for (const tls of stores({ mode: 'require', caFile: undefined }))
      assert.deepEqual(tls, { enabled: true, enableHostVerification: false });
  });

  it('when ports are derived from the frontend port, then all are distinct and membership ports stay under 32768', () => {
    const { ports, frontendHttpPort } = temporalPorts(32_000);
    const all = [...Object.values(ports).flatMap((p) => [p.grpc, p.membership]), frontendHttpPort];
    assert.equal(new Set(all).size, all.length);
    assert.ok(all.every((p) => p < 32_768));
    assert.throws(() => temporalPorts(32_700), /smallint/);
    assert.throws(() => temporalPorts(80), /between 1024/);
  });

  it('when the dynamic config is generated, then Workflow Updates and update-with-start are on and ids may be 255 long', () => {
    const dynamic = YAML.parse(temporalDynamicConfig());
    assert.equal(dynamic['frontend.enableUpdateWorkflowExecution'][0].value, true);
    assert.equal(dynamic['frontend.enableExecuteMultiOperation'][0].value, true);
    assert.equal(dynamic['limit.maxIDLength'][0].value, 255);
  });
});
