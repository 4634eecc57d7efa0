import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-env.js';
import { metricsConfig, tracingConfig } from './config-observe.js';

describe('metrics and tracing configuration', () => {
  it('turns metrics on with METRICS_ENABLED or METRICS_PORT, with the token when set', () => {
    expect(metricsConfig({})).toBeUndefined();
    expect(metricsConfig({ METRICS_ENABLED: 'false', METRICS_TOKEN: 'x' })).toBeUndefined();
    expect(metricsConfig({ METRICS_ENABLED: 'true' })).toEqual({});
    expect(metricsConfig({ METRICS_PORT: '9464', METRICS_TOKEN: ' s3cret ' })).toEqual({
      port: 9464,
      token: 's3cret',
    });
    expect(() => metricsConfig({ METRICS_PORT: 'abc' })).toThrow(ConfigError);
    expect(() => metricsConfig({ METRICS_PORT: '70000' })).toThrow(ConfigError);
    expect(() => metricsConfig({ METRICS_ENABLED: 'maybe' })).toThrow(ConfigError);
  });

  it("reads OpenTelemetry's own variables", () => {
    expect(tracingConfig({})).toBeUndefined();
    expect(tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toEqual({
      url: 'http://collector:4318/v1/traces',
      serviceName: 'switchboard',
    });
    expect(
      tracingConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://b/traces',
        OTEL_SERVICE_NAME: 'gw-eu',
      }),
    ).toEqual({ url: 'https://b/traces', serviceName: 'gw-eu' });
    expect(
      tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_SDK_DISABLED: 'true' }),
    ).toBeUndefined();
    expect(
      tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://a:4318', OTEL_TRACES_EXPORTER: 'none' }),
    ).toBeUndefined();
    expect(() => tracingConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(ConfigError);
  });
});
