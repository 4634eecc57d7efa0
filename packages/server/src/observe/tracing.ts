import type { Tracing, TracingConfig } from './trace-span.js';

export type { SpanAttributes, TraceSpan, Tracing, TracingConfig } from './trace-span.js';

/**
 * Loads the OpenTelemetry SDK and the OTLP/HTTP exporter: only when an endpoint is configured, so a server
 * without one never imports them.
 */
export async function startTracing(config: TracingConfig, version: string): Promise<Tracing> {
  const { otelTracing } = await import('./otel.js');
  return otelTracing(config, version);
}
