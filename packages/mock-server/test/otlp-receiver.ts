import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';

type AnyValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
  arrayValue?: { values: AnyValue[] };
};

/** One span as an OTLP/HTTP JSON export carries it, attributes flattened. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  status: { code?: number; message?: string };
  resource: Record<string, unknown>;
  /** The export request's headers (OTEL_EXPORTER_OTLP_HEADERS reach here). */
  headers: Record<string, string | string[] | undefined>;
}

const valueOf = (v: AnyValue): unknown =>
  v.stringValue ??
  (v.intValue !== undefined ? Number(v.intValue) : undefined) ??
  v.boolValue ??
  v.doubleValue ??
  v.arrayValue?.values.map(valueOf);

const attributesOf = (list: { key: string; value: AnyValue }[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));

/** A local OTLP/HTTP trace receiver (JSON, as `@opentelemetry/exporter-trace-otlp-http` sends). */
export async function startOtlpReceiver(): Promise<{
  url: string;
  spans: ReceivedSpan[];
  close(): Promise<void>;
}> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (p: Buffer) => parts.push(p));
    req.on('end', () => {
      let body = Buffer.concat(parts);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      if (req.url !== '/v1/traces' || !String(req.headers['content-type']).includes('json')) {
        res.writeHead(415).end();
        return;
      }
      const doc = JSON.parse(body.toString()) as {
        resourceSpans: {
          resource?: { attributes?: { key: string; value: AnyValue }[] };
          scopeSpans: {
            spans: (Omit<ReceivedSpan, 'attributes' | 'resource'> & {
              attributes?: { key: string; value: AnyValue }[];
            })[];
          }[];
        }[];
      };
      for (const rs of doc.resourceSpans) {
        const resource = attributesOf(rs.resource?.attributes);
        for (const ss of rs.scopeSpans)
          for (const s of ss.spans)
            spans.push({
              ...s,
              parentSpanId: s.parentSpanId ?? '',
              attributes: attributesOf(s.attributes),
              resource,
              headers: req.headers,
            });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
