import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Endpoint } from './passthrough-usage.js';
import { runPassthrough } from './passthrough.js';
import { PASSTHROUGH_SCHEMAS } from './passthrough-schemas.js';
import { validateBody } from './request-fields.js';
import type { RelayRuntime } from './runtime.js';
import type { RelayCaller } from './token-auth.js';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const ENDPOINTS: readonly Endpoint[] = [
  'completions',
  'embeddings',
  'moderations',
  'rerank',
  'images/generations',
  'audio/speech',
  'audio/transcriptions',
  'audio/translations',
];

/** Text fields of a multipart form (the audio endpoints send `model` there), read without a parser dependency. */
export function multipartFields(bytes: Buffer, contentType: string): Record<string, string> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const mark = boundary?.[1] ?? boundary?.[2];
  if (!mark) return {};
  const fields: Record<string, string> = {};
  for (const part of bytes.toString('latin1').split(`--${mark}`)) {
    const head = /name="([^"]+)"(?![^\r\n]*filename=)[^]*?\r\n\r\n/.exec(part);
    if (!head?.[1]) continue;
    const value = part.slice(head.index + head[0].length).replace(/\r\n$/, '');
    if (value.length < 4096) fields[head[1]] = Buffer.from(value, 'latin1').toString('utf8');
  }
  return fields;
}

/** `/v1/{completions, embeddings, moderations, rerank, images/generations, audio/*}` for OpenAI-compatible channels. */
export async function passthroughRoutes(
  app: FastifyInstance,
  rt: RelayRuntime,
  authenticate: (req: FastifyRequest) => Promise<RelayCaller>,
  guard: (handler: Handler) => Handler,
): Promise<void> {
  // Audio uploads arrive as multipart: keep the bytes to forward them untouched.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (_req, body, done) =>
    done(null, body),
  );
  for (const endpoint of ENDPOINTS) {
    app.post(
      `/v1/${endpoint}`,
      guard(async (req, reply) => {
        const caller = await authenticate(req);
        const contentType = String(req.headers['content-type'] ?? '');
        if (Buffer.isBuffer(req.body)) {
          const bytes = req.body;
          const body = multipartFields(bytes, contentType);
          return runPassthrough(rt, { caller, endpoint, body, raw: { bytes, contentType } }, reply);
        }
        const body = validateBody<Record<string, unknown>>(PASSTHROUGH_SCHEMAS[endpoint], req.body);
        return runPassthrough(rt, { caller, endpoint, body }, reply);
      }),
    );
  }
  // new-api's legacy embeddings path: the model is in the URL.
  app.post(
    '/v1/engines/:model/embeddings',
    guard(async (req, reply) => {
      const caller = await authenticate(req);
      const body = {
        ...validateBody<Record<string, unknown>>(PASSTHROUGH_SCHEMAS.embeddings, req.body),
        model: (req.params as { model: string }).model,
      };
      return runPassthrough(rt, { caller, endpoint: 'embeddings', body }, reply);
    }),
  );
}
