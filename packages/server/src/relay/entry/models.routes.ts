import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { relayError } from '../core/relay-error.js';
import type { RelayRuntime } from '../runtime.js';
import type { RelayCaller } from '../core/caller.js';

type Handler = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type Guard = (handler: Handler) => Handler;

/** new-api's fixed `created` for listed models. */
const CREATED = 1626777600;

/** The models a key may call: its model limits when set, else every model its group has a channel for. */
async function modelsOf(rt: RelayRuntime, caller: RelayCaller): Promise<string[]> {
  if (caller.token.modelLimits) return [...caller.token.modelLimits].sort();
  await rt.channels.ready();
  return rt.channels.models([caller.token.group || caller.user.group]);
}

const openaiModel = (id: string) => ({
  id,
  object: 'model',
  created: CREATED,
  owned_by: id.split('-')[0] ?? 'custom',
});

/** Model listing in each client's shape: OpenAI, Anthropic (with `anthropic-version`) and Gemini. */
export async function modelsRoutes(
  app: FastifyInstance,
  rt: RelayRuntime,
  authenticate: (req: FastifyRequest) => Promise<RelayCaller>,
  guard: Guard,
): Promise<void> {
  app.get(
    '/v1/models',
    guard(async (req) => {
      const models = await modelsOf(rt, await authenticate(req));
      if (req.headers['anthropic-version']) {
        const data = models.map((id) => ({
          type: 'model',
          id,
          display_name: id,
          created_at: new Date(CREATED * 1000).toISOString(),
        }));
        return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
      }
      // `success` keeps new-api clients working; `object: 'list'` is what OpenAI's SDKs read.
      return { object: 'list', success: true, data: models.map(openaiModel) };
    }),
  );
  app.get(
    '/v1/models/:model',
    guard(async (req) => {
      const model = (req.params as { model: string }).model;
      if (!(await modelsOf(rt, await authenticate(req))).includes(model)) {
        throw relayError(404, 'relay.modelNotFound', { model }, 'model_not_found');
      }
      return openaiModel(model);
    }),
  );
  app.get(
    '/v1beta/models',
    guard(async (req) => ({
      models: (await modelsOf(rt, await authenticate(req))).map((id) => ({
        name: `models/${id}`,
        displayName: id,
        supportedGenerationMethods: ['generateContent', 'streamGenerateContent'],
      })),
    })),
  );
}
