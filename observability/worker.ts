// Worker observability: an activity interceptor that times every activity and counts its failures
// by activity type (prom-client) and binds workflow id, run id and organization to the activity's
// log lines; the OpenTelemetry interceptors and workflow span sink when tracing is on; and the
// worker's own Prometheus endpoint, which also relays the SDK Core's metrics (workflow task
// latencies and failures, poller and slot gauges) scraped from Core's loopback-only exporter, and
// answers the health check of the worker's container on the same port.
import { createServer, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { createServer as createNetServer } from 'node:net';
import type { Context as ActivityContext } from '@temporalio/activity';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import {
  makeWorkflowExporter,
  OpenTelemetryActivityInboundInterceptor,
  OpenTelemetryActivityOutboundInterceptor,
} from '@temporalio/interceptors-opentelemetry';
import type {
  ActivityExecuteInput,
  ActivityInboundCallsInterceptor,
  ActivityInterceptorsFactory,
  InjectedSinks,
  Next,
  TelemetryOptions,
  WorkerInterceptors,
} from '@temporalio/worker';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { activityLogContext } from './logging.ts';
import { createRegistry, LATENCY_BUCKETS, oncePerRegistry } from './metrics.ts';
import type { Tracing } from './tracing.ts';

const require = createRequire(import.meta.url);
/** The package's workflow interceptors module (runs in the workflow sandbox; bundled by the worker). */
export const TRACING_WORKFLOW_MODULE =
  require.resolve('@temporalio/interceptors-opentelemetry/lib/workflow-interceptors');

export interface WorkerMetrics {
  registry: Registry;
  duration: Histogram<'activity_type' | 'outcome'>;
  failures: Counter<'activity_type' | 'error_type'>;
  inFlight: Gauge<'activity_type'>;
  /** Connections to Temporal renewed with renewed TLS files (temporal/worker-rotation.ts). */
  connectionRenewals: Counter;
}

const workerMetricsOf = oncePerRegistry((registry): WorkerMetrics => ({
  registry,
  duration: new Histogram({
    name: 'worker_activity_duration_seconds',
    help: 'Time one activity attempt ran in this worker, by activity type and outcome (completed, failed, cancelled).',
    labelNames: ['activity_type', 'outcome'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  failures: new Counter({
    name: 'worker_activity_failures_total',
    help: 'Activity attempts that failed (Temporal may retry them), by activity type and error type (ApplicationFailure type or error name).',
    labelNames: ['activity_type', 'error_type'],
    registers: [registry],
  }),
  inFlight: new Gauge({
    name: 'worker_activities_in_flight',
    help: 'Activities running now in this worker, by activity type.',
    labelNames: ['activity_type'],
    registers: [registry],
  }),
  connectionRenewals: new Counter({
    name: 'worker_temporal_connection_renewals_total',
    help: "Times this process's workers moved to a new Temporal connection made with renewed TLS files.",
    registers: [registry],
  }),
}));

/** The activity metrics of a registry, made once per registry (a restarted worker keeps counting). */
export function createWorkerMetrics(registry: Registry = createRegistry('worker')): WorkerMetrics {
  return workerMetricsOf(registry);
}

function errorType(error: unknown): string {
  if (error instanceof ApplicationFailure && error.type) return error.type;
  return error instanceof Error ? error.name : 'unknown';
}

/** Activity inputs are one object; most carry the tenant as `organizationId`. */
function organizationOf(args: unknown[]): string | undefined {
  const first = args[0] as { organizationId?: unknown } | undefined;
  return first && typeof first === 'object' && typeof first.organizationId === 'string'
    ? first.organizationId
    : undefined;
}

export class ActivityObserver implements ActivityInboundCallsInterceptor {
  private readonly ctx: ActivityContext;
  private readonly metrics: WorkerMetrics | undefined;

  constructor(ctx: ActivityContext, metrics: WorkerMetrics | undefined) {
    this.ctx = ctx;
    this.metrics = metrics;
  }

  async execute(input: ActivityExecuteInput, next: Next<ActivityInboundCallsInterceptor, 'execute'>): Promise<unknown> {
    const info = this.ctx.info;
    const activityType = info.activityType;
    const organizationId = organizationOf(input.args);
    const fields: Record<string, string> = {
      ...(info.workflowExecution
        ? { workflow_id: info.workflowExecution.workflowId, run_id: info.workflowExecution.runId }
        : {}),
      activity_type: activityType,
      activity_attempt: String(info.attempt),
      ...(organizationId ? { organization_id: organizationId } : {}),
    };
    const metrics = this.metrics;
    const started = performance.now();
    metrics?.inFlight.inc({ activity_type: activityType });
    let outcome = 'completed';
    try {
      return await activityLogContext.run(fields, () => next(input));
    } catch (error) {
      outcome = error instanceof CancelledFailure || this.ctx.cancellationSignal.aborted ? 'cancelled' : 'failed';
      metrics?.failures.inc({ activity_type: activityType, error_type: errorType(error) });
      throw error;
    } finally {
      metrics?.inFlight.dec({ activity_type: activityType });
      metrics?.duration.observe({ activity_type: activityType, outcome }, (performance.now() - started) / 1000);
    }
  }
}

export interface WorkerObservability {
  interceptors: WorkerInterceptors;
  sinks: InjectedSinks<Record<string, never>> | undefined;
}

/** What createWorker adds to Worker.create: interceptors (and the workflow span sink when tracing). */
export function workerObservability(options: { metrics?: WorkerMetrics; tracing?: Tracing }): WorkerObservability {
  const { metrics, tracing } = options;
  const activity: ActivityInterceptorsFactory[] = [];
  // First in the list runs outermost: the RunActivity span covers the timing and the log context.
  if (tracing) {
    activity.push((ctx) => ({
      inbound: new OpenTelemetryActivityInboundInterceptor(ctx),
      outbound: new OpenTelemetryActivityOutboundInterceptor(ctx),
    }));
  }
  activity.push((ctx) => ({ inbound: new ActivityObserver(ctx, metrics) }));
  return {
    interceptors: { activity, workflowModules: tracing ? [TRACING_WORKFLOW_MODULE] : [] },
    sinks: tracing
      ? ({ exporter: makeWorkflowExporter(tracing.spanProcessor, tracing.resource) } as unknown as InjectedSinks<
          Record<string, never>
        >)
      : undefined,
  };
}

/**
 * Runtime telemetry that makes the SDK Core serve its own metrics on a loopback port, in seconds
 * with Prometheus suffixes (temporal_workflow_task_execution_latency_seconds, ...). The worker's
 * endpoint relays them; Runtime.install takes this once per process, so only worker.ts's main uses it.
 */
export function coreMetricsTelemetry(port: number): TelemetryOptions {
  return {
    metrics: {
      prometheus: {
        bindAddress: `127.0.0.1:${port}`,
        useSecondsForDurations: true,
        unitSuffix: true,
        countersTotalSuffix: true,
      },
    },
  };
}

/** A free TCP port on loopback, chosen by the kernel: Core's exporter takes an address, not port 0 (scripts/local-stack.ts shares it). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createNetServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? done(address.port) : fail(new Error('no port'))));
    });
  });
}

/** Worker states in which the worker polls its task queue: the only healthy ones. */
const HEALTHY_WORKER_STATES = new Set(['RUNNING']);

function answerHealth(res: ServerResponse, workerState: (() => string | undefined) | undefined): void {
  const state = workerState ? (workerState() ?? 'STARTING') : undefined;
  const healthy = state === undefined || HEALTHY_WORKER_STATES.has(state);
  const body = { status: healthy ? 'ok' : 'unavailable', ...(state === undefined ? {} : { state }) };
  res
    .writeHead(healthy ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' })
    .end(JSON.stringify(body));
}

export interface WorkerMetricsServer {
  url: string;
  close(): Promise<void>;
}

export interface WorkerMetricsServerOptions {
  registry: Registry;
  port: number;
  host: string;
  coreMetricsUrl?: string;
  /**
   * The worker's state (Worker.getState(); undefined while it is being created): GET /healthz answers
   * 200 while it is RUNNING and 503 otherwise. Without it /healthz only says the process answers.
   */
  workerState?: () => string | undefined;
}

/**
 * The worker's HTTP endpoint on `host:port` (port 0: any free port). GET /metrics: the registry's
 * metrics, then Core's when `coreMetricsUrl` is given (if Core does not answer within a second, its
 * part is left out and `worker_core_metrics_up` says 0). GET /healthz: the health check a container
 * runtime polls, so a worker that never got to polling (or stopped) is restarted.
 */
export async function startWorkerMetricsServer(options: WorkerMetricsServerOptions): Promise<WorkerMetricsServer> {
  const coreUp = options.coreMetricsUrl
    ? ((options.registry.getSingleMetric('worker_core_metrics_up') as Gauge | undefined) ??
      new Gauge({
        name: 'worker_core_metrics_up',
        help: '1 when the SDK Core metrics answered the last scrape.',
        registers: [options.registry],
      }))
    : undefined;
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/healthz') {
      answerHealth(res, options.workerState);
      return;
    }
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    void (async () => {
      let core = '';
      if (options.coreMetricsUrl) {
        try {
          const response = await fetch(options.coreMetricsUrl, { signal: AbortSignal.timeout(1000) });
          core = response.ok ? await response.text() : '';
        } catch {
          core = '';
        }
        coreUp!.set(core ? 1 : 0);
      }
      const own = await options.registry.metrics();
      res
        .writeHead(200, { 'content-type': options.registry.contentType, 'cache-control': 'no-store' })
        .end(core ? `${own}\n${core}` : own);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    });
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(options.port, options.host, () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    url: `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}/metrics`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}
