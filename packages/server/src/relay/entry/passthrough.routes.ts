import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { multipartFields } from '../passthrough/multipart-fields.js';
import type { Endpoint } from '../passthrough/passthrough-usage.js';
import { runPassthrough } from '../passthrough/passthrough.js';
import { PASSTHROUGH_SCHEMAS } from '../passthrough/passthrough-schemas.js';
import { validateBody } from '../core/request-fields.js';
import type { RelayRuntime } from '../runtime.js';
import type { RelayCaller } from '../core/caller.js';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

const ENDPOINTS: readonly Endpoint[] = [
  'completions',
  'edits',
  'embeddings',
  'moderations',
  'rerank',
  'images/generations',
  'audio/speech',
  'audio/transcriptions',
  'audio/translations',
];

/** `/v1/{completions, edits, embeddings, moderations, rerank, images/generations, audio/*}` for OpenAI-compatible channels. */
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
