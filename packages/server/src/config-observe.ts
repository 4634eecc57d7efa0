import { bool, ConfigError, int, type Env } from './config-env.js';

/** `GET /metrics` in Prometheus's format (README "Operating the gateway"). */
export interface MetricsConfig {
  /** `METRICS_PORT`: served on this port alone (not on the main one); unset, on the main port. */
  port?: number;
  /** `METRICS_TOKEN`: scrapes must send `Authorization: Bearer <token>`. */
  token?: string;
}

/** OpenTelemetry traces over OTLP/HTTP, when an endpoint is set. */
export interface TracingSettings {
  url: string;
  serviceName: string;
}

/** `METRICS_ENABLED=true` or `METRICS_PORT` turns the metrics on; undefined when off. */
export function metricsConfig(env: Env): MetricsConfig | undefined {
  const port = env.METRICS_PORT?.trim() ? int(env, 'METRICS_PORT', 0, 1) : undefined;
  if (port !== undefined && port > 65535) throw new ConfigError(`METRICS_PORT must be a port, got "${port}"`);
  if (!bool(env, 'METRICS_ENABLED', false) && port === undefined) return undefined;
  const token = env.METRICS_TOKEN?.trim() || undefined;
  return { ...(port !== undefined ? { port } : {}), ...(token ? { token } : {}) };
}

/**
 * OpenTelemetry's own variables: `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` (the full URL), else
 * `OTEL_EXPORTER_OTLP_ENDPOINT` with `/v1/traces` appended; `OTEL_SERVICE_NAME`. `OTEL_SDK_DISABLED=true` or
 * `OTEL_TRACES_EXPORTER=none` keeps tracing off.
 */
export function tracingConfig(env: Env): TracingSettings | undefined {
  if (bool(env, 'OTEL_SDK_DISABLED', false) || env.OTEL_TRACES_EXPORTER?.trim() === 'none') return undefined;
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const url = traces || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error();
  } catch {
    throw new ConfigError(`OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL, got "${traces || base}"`);
  }
  return { url, serviceName: env.OTEL_SERVICE_NAME?.trim() || 'switchboard' };
}
