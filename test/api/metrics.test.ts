// Observability on the real stack: the API's GET /metrics (route-template and status labels, no
// raw ids, METRICS_TOKEN), access logs (request_id, organization_id, never the key), and a traced
// app + worker of this suite's own (own task queue, captured logs, in-memory span exporter): one
// trace from the request through the workflow to its activities, the worker's metrics endpoint
// and activity log fields.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, type Worker } from '@temporalio/worker';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { createApp } from '../../api/app.ts';
import { KeyStore } from '../../api/key-store.ts';
import { createLogger } from '../../observability/logging.ts';
import { setupTracing, tracingClientInterceptors, type Tracing } from '../../observability/tracing.ts';
import { createWorkerMetrics, startWorkerMetricsServer, type WorkerMetricsServer } from '../../observability/worker.ts';
import { createProviders } from '../../providers/index.ts';
import { createWorker } from '../../worker.ts';
import { terminateSequenceWorkflows } from '../helpers/sequence-fixtures.ts';
import { apiSuite, newOrg, sleep, type TestOrg } from '../helpers/fixtures.ts';
import { client } from '../helpers/http.ts';
import { parseSamples, sampleValue, samplesOf } from '../helpers/prometheus.ts';
import type { Stack } from '../helpers/stack.ts';

/** pino lines written to memory, parsed on read. */
function captureLogs() {
  const lines: string[] = [];
  return {
    lines,
    destination: { write: (line: string) => void lines.push(line) },
    parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

const close = (server: Server) =>
  new Promise<void>((done) => {
    server.close(() => done());
    server.closeAllConnections();
  });

describe('observability', function () {
  this.timeout(180_000);
  let stack: Stack;
  let api: ReturnType<typeof client>;
  let org: TestOrg;

  before(async () => {
    ({ stack, api, org } = await apiSuite());
  });

  describe('GET /metrics', () => {
    it('when requests were made, then the latency histogram and counter are labelled by route template and status, never raw ids', async () => {
      const contactId = randomUUID();
      assert.equal((await api.get(`/v1/contacts/${contactId}`, { key: org.apiKey })).status, 404);
      assert.equal((await api.get(`/v1/contacts/${contactId}`)).status, 401);
      assert.equal((await api.get('/healthz')).status, 200);
      const stray = `/no-such-thing-${randomUUID()}`;
      assert.equal((await api.get(stray, { key: org.apiKey })).status, 404);

      const response = await fetch(`${stack.url}/metrics`);
      assert.equal(response.status, 200);
      assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      const text = await response.text();
      const contact = { method: 'GET', route: '/v1/contacts/{contact_id}' };
      assert.ok(
        (sampleValue(text, 'http_requests_total', { ...contact, status_code: '404' }) ?? 0) >= 1,
        'a 404 by template',
      );
      assert.ok(
        (sampleValue(text, 'http_requests_total', { ...contact, status_code: '401' }) ?? 0) >= 1,
        'a 401 by template',
      );
      assert.ok(
        (sampleValue(text, 'http_request_duration_seconds_count', { ...contact, status_code: '404' }) ?? 0) >= 1,
      );
      assert.ok(
        samplesOf(text, 'http_request_duration_seconds_bucket', { ...contact, status_code: '404' }).some(
          (s) => s.labels.le === '+Inf',
        ),
      );
      assert.ok(
        (sampleValue(text, 'http_requests_total', { method: 'GET', route: '/healthz', status_code: '200' }) ?? 0) >= 1,
      );
      assert.ok(
        (sampleValue(text, 'http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' }) ?? 0) >= 1,
      );
      // No label value is a raw path: ids and stray paths stay out.
      assert.ok(!text.includes(contactId) && !text.includes(stray));
      for (const sample of parseSamples(text).filter((s) => s.name.startsWith('http_'))) {
        assert.ok(sample.labels.route === 'unmatched' || sample.labels.route.startsWith('/'), JSON.stringify(sample));
        assert.ok(!/[0-9a-f]{8}-[0-9a-f]{4}-/.test(sample.labels.route), sample.labels.route);
      }
      // Default process metrics.
      assert.ok(sampleValue(text, 'process_resident_memory_bytes') !== undefined);
      assert.ok(samplesOf(text, 'nodejs_eventloop_lag_seconds').length > 0);
    });

    it('when the OpenAPI document is read, then /metrics is a public operation answering text/plain; version=0.0.4', async () => {
      const doc = (await api.get('/v1/openapi.json')).body;
      const operation = doc.paths['/metrics'].get;
      assert.deepEqual(operation.security, []);
      assert.ok(operation.responses['200'].content['text/plain; version=0.0.4']);
      assert.equal(operation.responses['401'], undefined);
    });

    it('when METRICS_TOKEN is set, then /metrics answers 401 without it or with another, 200 with it, and documents the 401', async () => {
      const logger = createLogger('api', { level: 'silent' });
      const keys = new KeyStore(stack.orm, { ttlMs: 1000, flushMs: 60_000, logger });
      const { app } = createApp({
        config: { ...stack.config, metricsToken: 'scrape-token' },
        orm: stack.orm,
        temporal: stack.temporal,
        logger,
        keys,
        providers: createProviders({ orm: stack.orm }),
      });
      const { server, url } = await listen(app.callback());
      try {
        const anonymous = await fetch(`${url}/metrics`);
        assert.equal(anonymous.status, 401);
        assert.equal(((await anonymous.json()) as { type: string }).type, 'UnauthorizedIssue');
        const wrong = await fetch(`${url}/metrics`, { headers: { Authorization: 'Bearer scrape-tokeX' } });
        assert.equal(wrong.status, 401);
        await wrong.arrayBuffer();
        const right = await fetch(`${url}/metrics`, { headers: { Authorization: 'Bearer scrape-token' } });
        assert.equal(right.status, 200);
        assert.match(await right.text(), /http_requests_total/);
        const doc = (await (await fetch(`${url}/v1/openapi.json`)).json()) as {
          paths: Record<string, { get: { responses: Record<string, unknown> } }>;
        };
        assert.ok(doc.paths['/metrics'].get.responses['401']);
      } finally {
        await close(server);
        await keys.close();
      }
    });
  });

  describe('a traced app and worker of its own', () => {
    const taskQueue = `observability-${randomUUID()}`;
    const exporter = new InMemorySpanExporter();
    const apiLogs = captureLogs();
    const workerLogs = captureLogs();
    let tracing: Tracing;
    let app: { server: Server; url: string };
    let own: ReturnType<typeof client>;
    let keys: KeyStore;
    let clientConnection: Connection;
    let workerConnection: NativeConnection;
    let worker: Worker;
    let workerRun: Promise<void>;
    let metricsServer: WorkerMetricsServer;
    let traced: TestOrg;
    const sequenceIds: string[] = [];

    before(async () => {
      tracing = setupTracing({ serviceName: 'outreach-test', exporter })!;
      const config = { ...stack.config, temporalTaskQueue: taskQueue };
      clientConnection = await Connection.connect({ address: stack.temporalAddress });
      const temporal = new Client({
        connection: clientConnection,
        namespace: config.temporalNamespace,
        interceptors: tracingClientInterceptors(tracing),
      });
      const apiLogger = createLogger('api', { level: 'info', destination: apiLogs.destination });
      keys = new KeyStore(stack.orm, { ttlMs: 1000, flushMs: 60_000, logger: apiLogger });
      const created = createApp({
        config,
        orm: stack.orm,
        temporal,
        logger: apiLogger,
        keys,
        providers: createProviders({ orm: stack.orm, config }),
        tracing: true,
      });
      app = await listen(created.app.callback());
      own = client(app.url);
      workerConnection = await NativeConnection.connect({ address: stack.temporalAddress });
      const metrics = createWorkerMetrics();
      worker = await createWorker({
        connection: workerConnection,
        namespace: config.temporalNamespace,
        taskQueue,
        orm: stack.orm,
        config,
        temporal,
        logger: createLogger('worker', { level: 'debug', destination: workerLogs.destination }),
        startDispatcher: false,
        startEventResolution: false,
        metrics,
        tracing,
      });
      workerRun = worker.run();
      metricsServer = await startWorkerMetricsServer({ registry: metrics.registry, port: 0, host: '127.0.0.1' });
      traced = await newOrg(stack, 'Observability Org');
    });

    after(async () => {
      await terminateSequenceWorkflows(stack, sequenceIds, 'observability test cleanup');
      await metricsServer?.close();
      worker?.shutdown();
      await workerRun?.catch(() => {});
      await workerConnection?.close();
      await clientConnection?.close();
      if (app) await close(app.server);
      await keys?.close();
    });

    it('when requests are made with a key, then access logs carry request_id and organization_id and never the key; token paths log their template', async () => {
      const response = await own.get(`/v1/contacts/${randomUUID()}`, {
        key: traced.apiKey,
        headers: { 'X-Request-Id': 'obs-req-1' },
      });
      assert.equal(response.status, 404);
      const forged = `${traced.apiKey.slice(0, -4)}ZZZZ`;
      assert.equal((await own.get('/v1/me', { key: forged })).status, 401);
      const unsubscribeToken = `tok${randomUUID().replaceAll('-', '')}`;
      await own.get(`/u/${unsubscribeToken}`);

      const lines = apiLogs.parsed().filter((line) => line.msg === 'request');
      const line = lines.find((l) => l.request_id === 'obs-req-1');
      assert.ok(line, JSON.stringify(lines));
      assert.equal(line.organization_id, traced.organizationId);
      assert.equal(line.route, '/v1/contacts/{contact_id}');
      assert.equal(line.status, 404);
      assert.ok(line.key_prefix && traced.apiKey.startsWith(String(line.key_prefix)));
      assert.match(String(line.trace_id), /^[0-9a-f]{32}$/);
      assert.ok(lines.every((l) => typeof l.request_id === 'string' && l.request_id !== ''));
      const all = apiLogs.lines.join('');
      assert.ok(!all.includes(traced.apiKey), 'the API key is in the logs');
      assert.ok(!all.includes(forged), 'a presented (forged) key is in the logs');
      assert.ok(!all.includes(unsubscribeToken), 'an unsubscribe token is in the logs');
      assert.ok(lines.some((l) => l.path === '/u/{token}'));
    });

    it('when an enrollment runs, then one trace spans the request, the workflow start, the workflow run and its activities', async () => {
      const template = await own.post('/v1/sequence-templates', {
        key: traced.apiKey,
        body: {
          name: 'Traced',
          status: 'ACTIVE',
          steps: [{ type: 'EMAIL', delay_days: 1, subject: 'Hi', body: 'Hello' }],
        },
      });
      assert.equal(template.status, 201, template.text);
      const contact = await own.post('/v1/contacts', {
        key: traced.apiKey,
        body: { email: `traced-${randomUUID().slice(0, 8)}@observability-example.com`, first_name: 'Ada' },
      });
      assert.equal(contact.status, 201, contact.text);
      exporter.reset();
      const enrolled = await own.post('/v1/sequences', {
        key: traced.apiKey,
        body: { contact_id: contact.body.id, sequence_template_id: template.body.id },
      });
      assert.equal(enrolled.status, 201, enrolled.text);
      sequenceIds.push(enrolled.body.id);

      const request = exporter.getFinishedSpans().find((s) => s.name === 'POST /v1/sequences');
      assert.ok(
        request,
        `spans: ${exporter
          .getFinishedSpans()
          .map((s) => s.name)
          .join(', ')}`,
      );
      assert.equal(request.attributes['organization_id'], traced.organizationId);
      assert.equal(request.attributes['http.response.status_code'], 201);
      const traceId = request.spanContext().traceId;
      // Workflow spans leave the sandbox through a sink, after the workflow task that ends them.
      let inTrace: ReadableSpan[] = [];
      for (let i = 0; i < 100; i++) {
        inTrace = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
        if (inTrace.some((s) => s.name === 'RunWorkflow:enrollmentWorkflow')) break;
        await sleep(100);
      }
      const names = inTrace.map((s) => s.name);
      assert.ok(names.includes('StartWorkflow:enrollmentWorkflow'), names.join(', '));
      assert.ok(names.includes('RunWorkflow:enrollmentWorkflow'), names.join(', '));
      assert.ok(names.includes('RunActivity:verifyEmail'), names.join(', '));
      assert.ok(
        names.some((n) => n.startsWith('StartActivity:')),
        names.join(', '),
      );
      const start = inTrace.find((s) => s.name === 'StartWorkflow:enrollmentWorkflow')!;
      assert.equal(
        start.parentSpanId,
        request.spanContext().spanId,
        'the workflow start is a child of the request span',
      );
    });

    it('when workflows ran, then the worker endpoint serves activity metrics and activity logs carry workflow id, run id and organization', async () => {
      const response = await fetch(metricsServer.url);
      assert.equal(response.status, 200);
      const text = await response.text();
      assert.ok(
        (sampleValue(text, 'worker_activity_duration_seconds_count', {
          activity_type: 'verifyEmail',
          outcome: 'completed',
        }) ?? 0) >= 1,
        text,
      );
      assert.ok(
        samplesOf(text, 'worker_activity_duration_seconds_count', { outcome: 'completed' }).length >= 2,
        'local activities are timed too',
      );
      assert.ok(sampleValue(text, 'process_resident_memory_bytes') !== undefined);

      const activityLines = workerLogs.parsed().filter((line) => line.activity_type !== undefined);
      assert.ok(activityLines.length > 0, workerLogs.lines.join(''));
      for (const line of activityLines) {
        assert.match(String(line.workflow_id), /^enrollment\//);
        assert.ok(line.run_id);
        assert.equal(line.organization_id, traced.organizationId);
      }
      assert.ok(!workerLogs.lines.join('').includes(traced.apiKey));
    });
  });
});
