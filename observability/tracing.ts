// OpenTelemetry tracing, set up once per process. Off (no provider, no exporter, no network) unless
// OTEL_EXPORTER_OTLP_ENDPOINT is set; then spans go out over OTLP/HTTP. With tracing on, the API's
// request span is the parent of the Temporal client's StartWorkflow span, whose context travels in
// the workflow's headers to RunWorkflow and on to each StartActivity / RunActivity span
// (@temporalio/interceptors-opentelemetry, wired in api/server.ts and observability/worker.ts).
import { trace, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { Resource } from '@opentelemetry/resources';
import type { ClientInterceptors } from '@temporalio/client';
import { OpenTelemetryWorkflowClientInterceptor } from '@temporalio/interceptors-opentelemetry';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-node';

export interface Tracing {
  resource: Resource;
  /** Also handed to the workflow span sink: spans made in the workflow sandbox leave through it. */
  spanProcessor: SpanProcessor;
  /** Flushes pending spans; call on shutdown. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  serviceName: string;
  /** OTEL_EXPORTER_OTLP_ENDPOINT: the collector's base URL (spans are POSTed to <it>/v1/traces). */
  otlpEndpoint?: string;
  /** Tests: export here (synchronously) instead of OTLP. */
  exporter?: SpanExporter;
}

let installed: Tracing | undefined;

/**
 * Registers the process-wide tracer provider (W3C trace context propagation, async-hooks context)
 * and returns it, or undefined when tracing is off. OpenTelemetry's globals take one provider per
 * process, so later calls return the first one whatever their options.
 */
export function setupTracing(options: TracingOptions): Tracing | undefined {
  if (!options.exporter && !options.otlpEndpoint) return undefined;
  if (installed) return installed;
  const exporter =
    options.exporter ?? new OTLPTraceExporter({ url: `${options.otlpEndpoint!.replace(/\/+$/, '')}/v1/traces` });
  const spanProcessor = options.exporter ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter);
  const resource = new Resource({ 'service.name': options.serviceName });
  const provider = new NodeTracerProvider({ resource, spanProcessors: [spanProcessor] });
  provider.register();
  installed = { resource, spanProcessor, shutdown: () => provider.shutdown() };
  return installed;
}

/** The tracer the service's own spans (API requests) come from; a no-op while tracing is off. */
export function serviceTracer(): Tracer {
  return trace.getTracer('outreach-workspace-service');
}

/** Temporal client interceptors that carry the active trace into workflows started, signalled or updated (none while tracing is off). */
export function tracingClientInterceptors(tracing: Tracing | undefined): ClientInterceptors | undefined {
  return tracing ? { workflow: [new OpenTelemetryWorkflowClientInterceptor()] } : undefined;
}
