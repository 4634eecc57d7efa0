/** Span attributes as OpenTelemetry takes them. */
export type SpanAttributes = Record<string, string | number | boolean | string[]>;

/** One span, as the relay uses it; the OpenTelemetry types stay in otel.ts, loaded only when tracing is on. */
export interface TraceSpan {
  set(attributes: SpanAttributes): void;
  rename(name: string): void;
  fail(type: string, message?: string): void;
  end(): void;
}

export interface Tracing {
  /** A request's own span (kind server). */
  request(name: string, attributes: SpanAttributes): TraceSpan;
  /** A span inside `parent` (kind client): one upstream attempt. */
  child(parent: TraceSpan, name: string, attributes: SpanAttributes): TraceSpan;
  /** Sends the spans ended so far. */
  flush(): Promise<void>;
  /** Sends what is left and stops. */
  shutdown(): Promise<void>;
}

export interface TracingConfig {
  /** `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, else `OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`. */
  url: string;
  /** `OTEL_SERVICE_NAME` (default `switchboard`). */
  serviceName: string;
}
