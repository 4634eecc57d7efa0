import { z } from 'zod';
import type { Endpoint } from './passthrough-usage.js';
import { bool, count, num, str, strings, tokens } from '../core/request-fields.js';

/** Text, a list of texts, or token ids: what OpenAI's `input` and `prompt` accept. */
const textInput = z.union([str, z.array(z.union([str, num, z.array(num)]))]);

const common = { model: str.nullish(), user: str.nullish() };

/**
 * The JSON bodies of the OpenAI endpoints relayed as they are: the fields the relay reads for pricing and
 * routing are typed (a string `n` would price an image at NaN); everything else passes to the upstream.
 */
export const PASSTHROUGH_SCHEMAS: Record<Endpoint, z.ZodType> = {
  completions: z.looseObject({
    ...common,
    prompt: textInput.nullish(),
    max_tokens: tokens.nullish(),
    n: count.nullish(),
    stream: bool.nullish(),
    stream_options: z.looseObject({ include_usage: bool.nullish() }).nullish(),
    stop: z.union([str, strings]).nullish(),
  }),
  edits: z.looseObject({ ...common, instruction: str.nullish(), input: str.nullish(), n: count.nullish() }),
  embeddings: z.looseObject({ ...common, input: textInput.nullish(), dimensions: count.nullish() }),
  moderations: z.looseObject({
    ...common,
    input: z.union([textInput, z.array(z.looseObject({}))]).nullish(),
  }),
  rerank: z.looseObject({
    ...common,
    query: str.nullish(),
    documents: z.array(z.union([str, z.looseObject({})])).nullish(),
    top_n: count.nullish(),
  }),
  'images/generations': z.looseObject({
    ...common,
    prompt: str.nullish(),
    n: count.nullish(),
    size: str.nullish(),
    quality: str.nullish(),
  }),
  'audio/speech': z.looseObject({
    ...common,
    input: str.nullish(),
    voice: str.nullish(),
    speed: num.nullish(),
  }),
  'audio/transcriptions': z.looseObject(common),
  'audio/translations': z.looseObject(common),
};
