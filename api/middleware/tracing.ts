// One server span per request when tracing is on (observability/tracing.ts): continues a W3C
// `traceparent` sent by the caller, and is the active context while the route runs, so a workflow
// the route starts (Temporal client interceptor) joins the request's trace. Named and labelled with
// the route template, never the raw path (tracking and unsubscribe paths carry tokens).
import { context, propagation, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Next } from 'koa';
import { serviceTracer } from '../../observability/tracing.ts';
import type { AppContext } from '../context.ts';

export function traceRequests() {
  const tracer = serviceTracer();
  return async function traceRequest(ctx: AppContext, next: Next): Promise<void> {
    const parent = propagation.extract(context.active(), ctx.headers);
    const span = tracer.startSpan(
      `${ctx.method}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, request_id: ctx.state.requestId } },
      parent,
    );
    ctx.state.traceId = span.spanContext().traceId;
    try {
      await context.with(trace.setSpan(parent, span), next);
    } finally {
      // The metrics middleware (inside this one) has resolved the template by now.
      const route = ctx.state.route;
      if (route) {
        span.updateName(`${ctx.method} ${route}`);
        span.setAttribute('http.route', route);
      }
      span.setAttribute('http.response.status_code', ctx.status);
      if (ctx.state.principal) span.setAttribute('organization_id', ctx.state.principal.organizationId);
      if (ctx.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
  };
}
