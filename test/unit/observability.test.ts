// Observability pieces without a stack: route templates as metric labels, log redaction, the
// activity interceptor's metrics and log fields (MockActivityEnvironment), the worker endpoint
// relaying Core's metrics, and the metrics settings in config.ts.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { ApplicationFailure } from '@temporalio/common';
import { MockActivityEnvironment } from '@temporalio/testing';
import { DefaultLogger } from '@temporalio/worker';
import { routeMatcher, UNMATCHED_ROUTE } from '../../api/middleware/metrics.ts';
import type { RouteDef } from '../../api/route.ts';
import { activityLogContext, createLogger } from '../../observability/logging.ts';
import { createRegistry } from '../../observability/metrics.ts';
import { ActivityObserver, createWorkerMetrics, startWorkerMetricsServer } from '../../observability/worker.ts';
import { sampleValue } from '../helpers/prometheus.ts';

const route = (method: RouteDef['method'], path: string) => ({ method, path }) as RouteDef;

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

describe('observability', () => {
  describe('routeMatcher', () => {
    const templateOf = routeMatcher([
      route('GET', '/v1/signals/presets'),
      route('GET', '/v1/signals/{signal_id}'),
      route('GET', '/v1/contacts/{contact_id}'),
      route('GET', '/t/o/{token}'),
      route('GET', '/metrics'),
    ]);

    it('when a path has ids, then the template is the label, never the ids', () => {
      assert.equal(templateOf('/v1/contacts/6f1c2a9e-6a7b-4c3d-9e8f-0a1b2c3d4e5f'), '/v1/contacts/{contact_id}');
      assert.equal(templateOf('/t/o/abc.def'), '/t/o/{token}');
    });

    it('when a static route and a parameter route both match, then the static one wins, whatever the mount order', () => {
      assert.equal(templateOf('/v1/signals/presets'), '/v1/signals/presets');
      assert.equal(templateOf('/v1/signals/123'), '/v1/signals/{signal_id}');
      // Declared after the parameter route, as contactsRoutes is mounted before enrichmentRoutes.
      const mounted = routeMatcher([route('GET', '/v1/contacts/{contact_id}'), route('POST', '/v1/contacts/enrich')]);
      assert.equal(mounted('/v1/contacts/enrich'), '/v1/contacts/enrich');
      assert.equal(mounted('/v1/contacts/enrich/'), '/v1/contacts/enrich', 'a trailing slash, as the router matches');
      assert.equal(mounted('/V1/Contacts/Enrich'), '/v1/contacts/enrich', 'any letter case, as the router matches');
    });

    it('when no route declares the path, then unmatched', () => {
      assert.equal(templateOf('/wp-admin/setup.php'), UNMATCHED_ROUTE);
      assert.equal(templateOf('/v1/contacts/1/2'), UNMATCHED_ROUTE);
      assert.equal(templateOf('/metrics'), '/metrics');
    });
  });

  describe('createLogger', () => {
    it('when a line carries an Authorization header, a key, a secret or a token, then they are redacted', () => {
      const { lines, destination } = capture();
      const logger = createLogger('test', { level: 'info', destination });
      logger.info(
        {
          req: { headers: { authorization: 'Bearer ows_live_SECRETVALUE1' } },
          api_key: 'ows_live_SECRETVALUE2',
          secret: 'whsec_SECRETVALUE3',
          token: 'SECRETVALUE4',
          subscription: { secret: 'SECRETVALUE5', url: 'https://example.com/hook' },
          crm: { access_token: 'SECRETVALUE6' },
          authorization: 'Bearer SECRETVALUE7',
        },
        'hello',
      );
      const text = lines.join('');
      assert.ok(!/SECRETVALUE/.test(text), text);
      assert.match(text, /https:\/\/example.com\/hook/);
      assert.match(text, /"service":"test"/);
    });

    it('when a line is written inside an activity log context, then it carries its fields', () => {
      const { lines, destination } = capture();
      const logger = createLogger('test', { level: 'info', destination }).child({ component: 'x' });
      activityLogContext.run({ workflow_id: 'wf-1', run_id: 'run-1', organization_id: 'org-1' }, () =>
        logger.info('inside'),
      );
      logger.info('outside');
      const [inside, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      assert.equal(inside.workflow_id, 'wf-1');
      assert.equal(inside.run_id, 'run-1');
      assert.equal(inside.organization_id, 'org-1');
      assert.equal(outside.workflow_id, undefined);
    });
  });

  describe('ActivityObserver', () => {
    it('when activities complete and fail, then durations, outcomes, failures by type and log fields are recorded', async () => {
      const metrics = createWorkerMetrics(createRegistry('worker-test'));
      const { lines, destination } = capture();
      const logger = createLogger('worker', { level: 'info', destination });
      const env = new MockActivityEnvironment(
        { activityType: 'sendStep', workflowExecution: { workflowId: 'sequence/abc', runId: 'run-42' } },
        {
          interceptors: [(ctx) => ({ inbound: new ActivityObserver(ctx, metrics) })],
          logger: new DefaultLogger('ERROR'),
        },
      );
      const ok = async (_input: { organizationId: string }) => {
        logger.info('step sent');
        return 'sent';
      };
      const failing = async (_input: { organizationId: string }) => {
        throw ApplicationFailure.nonRetryable('no channel', 'NO_CHANNEL');
      };
      assert.equal(await env.run(ok, { organizationId: 'org-7' }), 'sent');
      await assert.rejects(env.run(failing, { organizationId: 'org-7' }), /no channel/);
      await assert.rejects(
        env.run(async () => {
          throw new TypeError('boom');
        }),
        /boom/,
      );

      const text = await metrics.registry.metrics();
      assert.equal(
        sampleValue(text, 'worker_activity_duration_seconds_count', {
          activity_type: 'sendStep',
          outcome: 'completed',
          service: 'worker-test',
        }),
        1,
      );
      assert.equal(
        sampleValue(text, 'worker_activity_duration_seconds_count', { activity_type: 'sendStep', outcome: 'failed' }),
        2,
      );
      assert.equal(
        sampleValue(text, 'worker_activity_failures_total', { activity_type: 'sendStep', error_type: 'NO_CHANNEL' }),
        1,
      );
      assert.equal(
        sampleValue(text, 'worker_activity_failures_total', { activity_type: 'sendStep', error_type: 'TypeError' }),
        1,
      );
      assert.equal(sampleValue(text, 'worker_activities_in_flight', { activity_type: 'sendStep' }), 0);

      const line = JSON.parse(lines[0]) as Record<string, unknown>;
      assert.equal(line.msg, 'step sent');
      assert.equal(line.workflow_id, 'sequence/abc');
      assert.equal(line.run_id, 'run-42');
      assert.equal(line.organization_id, 'org-7');
      assert.equal(line.activity_type, 'sendStep');
    });
  });

  describe('startWorkerMetricsServer', () => {
    let core: Server;
    let coreUrl: string;

    before(async () => {
      core = createServer((_req, res) =>
        res.end(
          '# TYPE temporal_workflow_task_execution_latency_seconds histogram\ntemporal_workflow_task_execution_latency_seconds_count 3\n',
        ),
      );
      await new Promise<void>((done) => core.listen(0, '127.0.0.1', done));
      const address = core.address();
      coreUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/metrics`;
    });

    after(() => new Promise<void>((done) => core.close(() => done())));

    it('when scraped, then it serves its own metrics followed by the SDK Core ones; other paths 404', async () => {
      const metrics = createWorkerMetrics(createRegistry('worker-relay'));
      const server = await startWorkerMetricsServer({
        registry: metrics.registry,
        port: 0,
        host: '127.0.0.1',
        coreMetricsUrl: coreUrl,
      });
      try {
        const response = await fetch(server.url);
        assert.equal(response.status, 200);
        assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
        const text = await response.text();
        assert.match(text, /process_resident_memory_bytes/);
        assert.equal(sampleValue(text, 'worker_core_metrics_up', { service: 'worker-relay' }), 1);
        assert.match(text, /temporal_workflow_task_execution_latency_seconds_count 3/);
        assert.equal((await fetch(server.url.replace('/metrics', '/other'))).status, 404);
      } finally {
        await server.close();
      }
    });

    it('when /healthz is polled, then it answers 200 only while the worker is RUNNING and 503 before and after', async () => {
      let state: string | undefined;
      const metrics = createWorkerMetrics(createRegistry('worker-health'));
      const server = await startWorkerMetricsServer({
        registry: metrics.registry,
        port: 0,
        host: '127.0.0.1',
        workerState: () => state,
      });
      const health = async () => {
        const response = await fetch(server.url.replace('/metrics', '/healthz'));
        return { status: response.status, body: (await response.json()) as unknown };
      };
      try {
        assert.deepEqual(await health(), { status: 503, body: { status: 'unavailable', state: 'STARTING' } });
        state = 'INITIALIZED';
        assert.deepEqual(await health(), { status: 503, body: { status: 'unavailable', state: 'INITIALIZED' } });
        state = 'RUNNING';
        assert.deepEqual(await health(), { status: 200, body: { status: 'ok', state: 'RUNNING' } });
        state = 'FAILED';
        assert.deepEqual(await health(), { status: 503, body: { status: 'unavailable', state: 'FAILED' } });
        assert.equal((await fetch(server.url.replace('/metrics', '/healthz'), { method: 'POST' })).status, 404);
      } finally {
        await server.close();
      }
    });

    it('when /healthz is polled on an endpoint given no worker state, then it answers 200: the process serves', async () => {
      const metrics = createWorkerMetrics(createRegistry('worker-health-plain'));
      const server = await startWorkerMetricsServer({ registry: metrics.registry, port: 0, host: '127.0.0.1' });
      try {
        const response = await fetch(server.url.replace('/metrics', '/healthz'));
        assert.equal(response.status, 200);
        assert.deepEqual(await response.json(), { status: 'ok' });
      } finally {
        await server.close();
      }
    });
  });
});
