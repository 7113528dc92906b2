/** Operations settings from the environment: metrics, traces, the graceful stop (README "Operations"). */
export interface OpsConfig {
  /** Serve /metrics on this separate port (METRICS_PORT; bound to METRICS_HOST, default 0.0.0.0 so Prometheus can reach it). */
  metricsPort?: number;
  metricsHost: string;
  /** Or serve /metrics on the app's port to `Authorization: Bearer <token>` only (METRICS_TOKEN). Neither set: no /metrics. */
  metricsToken?: string;
  /** OTLP/HTTP traces (JSON encoding) to this URL (OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces, or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT); unset: no tracing code is loaded. */
  otlpTracesUrl?: string;
  /** service.name of the traces (OTEL_SERVICE_NAME). */
  serviceName: string;
  /** On SIGTERM: how long /health/ready answers 503 before the listener closes, so load balancers stop sending (DRAIN_DELAY_MS). */
  drainDelayMs: number;
}

export function opsConfigFromEnv(env: NodeJS.ProcessEnv): OpsConfig {
  const port = Number(env.METRICS_PORT);
  return {
    metricsPort: env.METRICS_PORT && Number.isInteger(port) && port >= 0 ? port : undefined,
    metricsHost: env.METRICS_HOST || '0.0.0.0',
    metricsToken: env.METRICS_TOKEN || undefined,
    otlpTracesUrl: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (env.OTEL_EXPORTER_OTLP_ENDPOINT ? `${env.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined),
    serviceName: env.OTEL_SERVICE_NAME || 'cloud-marketplace-portal',
    drainDelayMs: Number(env.DRAIN_DELAY_MS) >= 0 && env.DRAIN_DELAY_MS ? Number(env.DRAIN_DELAY_MS) : 0,
  };
}
