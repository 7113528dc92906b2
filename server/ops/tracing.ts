/**
 * OpenTelemetry traces over OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT is set; without
 * it the SDK is never imported and every helper here is a no-op. Spans are ours, not
 * monkey-patched instrumentations (those need a preloaded ESM hook and do not see PGlite):
 * one server span per HTTP request (named after the service method), a child span per SQL
 * statement of the database wrapper (traced-db.ts), and one trace per background job step that
 * did work. The request id in the logs is the trace id.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { context, propagation, SpanKind, SpanStatusCode, trace, type Context, type Span, type Tracer } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { OpsConfig } from './ops-config';

export interface Tracing {
  tracer: Tracer;
  /** Sends what is buffered now (tests). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

/** The process's tracing, once started (the tracer provider is process-wide). */
let active: Tracing | undefined;
const requestSpans = new WeakMap<IncomingMessage, Span>();
const JOB_ATTRIBUTE = 'portal.job';
const WORKED_ATTRIBUTE = 'portal.job.worked';

export function currentTracer(): Tracer | undefined {
  return active?.tracer;
}

export async function startTracing(ops: OpsConfig): Promise<Tracing | undefined> {
  if (!ops.otlpTracesUrl || active) return active;
  const [{ NodeTracerProvider, BatchSpanProcessor }, { OTLPTraceExporter }, { resourceFromAttributes }] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/resources'),
  ]);
  const { IdleJobFilter } = await import('./idle-job-filter');
  const exporter = new OTLPTraceExporter({ url: ops.otlpTracesUrl });
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': ops.serviceName }),
    spanProcessors: [new IdleJobFilter(new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 }), JOB_ATTRIBUTE, WORKED_ATTRIBUTE)],
  });
  // AsyncLocalStorage context and W3C traceparent propagation, process-wide.
  provider.register();
  const tracing: Tracing = {
    tracer: provider.getTracer('cloud-marketplace-portal'),
    flush: () => provider.forceFlush(),
    async shutdown() {
      if (active === tracing) active = undefined;
      await provider.shutdown();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
  active = tracing;
  return tracing;
}

/**
 * Fastify's genReqId: with tracing, starts the request's server span (continuing an incoming
 * traceparent) and answers its trace id, so log lines and traces share one id.
 */
export function requestIdFor(raw: IncomingMessage): string {
  const tracer = currentTracer();
  if (!tracer) return randomUUID();
  const parent = propagation.extract(context.active(), raw.headers);
  const span = tracer.startSpan(`${raw.method ?? 'HTTP'} request`, { kind: SpanKind.SERVER, attributes: { 'http.request.method': raw.method ?? '', 'url.path': (raw.url ?? '').split('?')[0] } }, parent);
  requestSpans.set(raw, span);
  return span.spanContext().traceId;
}

/** Runs each request's hooks and handler inside its span, and ends the span with the answer. */
export function traceRequests(app: FastifyInstance): void {
  if (!currentTracer()) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const span = requestSpans.get(request.raw);
    if (!span) return done();
    // done() runs the rest of the request's lifecycle: everything it awaits inherits this context.
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook('onError', async (request, _reply, error) => {
    requestSpans.get(request.raw)?.recordException(error);
  });
  const finish = (raw: IncomingMessage, status: number, route: string | undefined, params: unknown) => {
    const span = requestSpans.get(raw);
    if (!span) return;
    requestSpans.delete(raw);
    const { service, method } = (params ?? {}) as { service?: string; method?: string };
    span.updateName(service && method ? `${service}/${method}` : `${raw.method} ${route ?? 'unmatched'}`);
    span.setAttributes({ 'http.response.status_code': status, ...(route ? { 'http.route': route } : {}) });
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  };
  app.addHook('onResponse', async (request, reply) => finish(request.raw, reply.statusCode, request.routeOptions.url, request.params));
  app.addHook('onRequestAbort', async (request) => finish(request.raw, 499, request.routeOptions.url, request.params));
}

/** One step of a background job as its own trace; kept only when the step did work (IdleJobFilter). */
export async function traceJobStep(name: string, step: () => Promise<boolean>): Promise<boolean> {
  const tracer = currentTracer();
  if (!tracer) return step();
  return tracer.startActiveSpan(`job ${name}`, { root: true, attributes: { [JOB_ATTRIBUTE]: name } }, async (span) => {
    try {
      const worked = await step();
      span.setAttribute(WORKED_ATTRIBUTE, worked);
      return worked;
    } catch (error) {
      span.setAttribute(WORKED_ATTRIBUTE, true);
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** The span a database statement belongs to, if any: statements outside a trace are not traced. */
export function activeContext(): Context | undefined {
  return currentTracer() && trace.getSpan(context.active()) ? context.active() : undefined;
}
