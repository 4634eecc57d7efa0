import { context, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import type { SpanAttributes, TraceSpan, Tracing, TracingConfig } from './trace-span.js';

class OtelSpan implements TraceSpan {
  constructor(readonly span: Span) {}
  set(attributes: SpanAttributes): void {
    this.span.setAttributes(attributes);
  }
  rename(name: string): void {
    this.span.updateName(name);
  }
  fail(type: string, message?: string): void {
    this.span.setAttribute('error.type', type);
    this.span.setStatus({ code: SpanStatusCode.ERROR, ...(message ? { message } : {}) });
  }
  end(): void {
    this.span.end();
  }
}

/** `OTEL_BSP_*`, the batch processor's settings by OpenTelemetry's variables (the SDK itself reads none). */
function batchSettings(env: NodeJS.ProcessEnv) {
  const n = (name: string) => {
    const v = Number(env[name]);
    return env[name]?.trim() && Number.isInteger(v) && v > 0 ? v : undefined;
  };
  const settings = {
    scheduledDelayMillis: n('OTEL_BSP_SCHEDULE_DELAY'),
    exportTimeoutMillis: n('OTEL_BSP_EXPORT_TIMEOUT'),
    maxQueueSize: n('OTEL_BSP_MAX_QUEUE_SIZE'),
    maxExportBatchSize: n('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
  };
  return Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
}

/**
 * Spans exported in batches over OTLP/HTTP (JSON). The provider is not registered globally: the relay hands
 * each attempt its parent explicitly, so no context manager (and no async-hooks cost) is needed.
 */
export function otelTracing(config: TracingConfig, version: string): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': config.serviceName, 'service.version': version }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter({ url: config.url }),
        ...batchSettings(process.env),
      }),
    ],
  });
  const tracer = provider.getTracer('switchboard', version);
  return {
    request: (name, attributes) =>
      new OtelSpan(tracer.startSpan(name, { kind: SpanKind.SERVER, attributes })),
    child: (parent, name, attributes) =>
      new OtelSpan(
        tracer.startSpan(
          name,
          { kind: SpanKind.CLIENT, attributes },
          trace.setSpan(context.active(), (parent as OtelSpan).span),
        ),
      ),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
