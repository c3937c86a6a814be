// Configuration defaults and refusal of bad values (config.ts).
import assert from 'node:assert/strict';
import { loadConfig } from '../../config.ts';

describe('config', () => {
  it('when the environment is empty, then the documented defaults apply', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.temporalAddress, undefined);
    assert.equal(config.temporalNamespace, 'default');
    assert.equal(config.temporalTaskQueue, 'outreach');
    assert.equal(config.dataDir, '.data');
  });

  it('when a number is malformed, then loading fails naming the variable', () => {
    assert.throws(() => loadConfig({ PORT: 'abc' }), /PORT/);
    assert.throws(() => loadConfig({ KEY_CACHE_TTL_MS: '-1' }), /KEY_CACHE_TTL_MS/);
  });

  // Observability settings (observability/).
  it('when nothing is set, then the worker metrics port is 9464, /metrics has no token and tracing is off', () => {
    const config = loadConfig({});
    assert.equal(config.workerMetricsPort, 9464);
    assert.equal(config.metricsToken, undefined);
    assert.equal(config.otlpEndpoint, undefined);
  });

  it('when set, then they are read; a negative port is refused', () => {
    const config = loadConfig({
      WORKER_METRICS_PORT: '0',
      METRICS_TOKEN: 'scrape',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      OTEL_SERVICE_NAME: 'x',
    });
    assert.equal(config.workerMetricsPort, 0);
    assert.equal(config.metricsToken, 'scrape');
    assert.equal(config.otlpEndpoint, 'http://collector:4318');
    assert.equal(config.otelServiceName, 'x');
    assert.throws(() => loadConfig({ WORKER_METRICS_PORT: '-1' }), /WORKER_METRICS_PORT/);
  });
});
