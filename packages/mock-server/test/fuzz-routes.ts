import type { SchemaNode } from './fuzz-inputs.js';

/**
 * Every method and full path in Fastify's `printRoutes({ commonPrefix: false })` tree (children indent by four
 * characters). Keep in sync with the same reader in the server's openapi test.
 */
export function registeredRoutes(tree: string): [string, string][] {
  const stack: string[] = [];
  const routes: [string, string][] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack[depth] = (depth > 0 ? stack[depth - 1]! : '') + match[2]!;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD' && m !== 'OPTIONS'))
      routes.push([method, stack[depth]!]);
  }
  return routes;
}

const str: SchemaNode = { type: 'string' };
const int: SchemaNode = { type: 'integer' };
const message: SchemaNode = { type: 'object', properties: { role: { type: 'string' }, content: str } };
const chat: SchemaNode = {
  type: 'object',
  properties: {
    model: str,
    messages: { type: 'array', items: message },
    max_tokens: int,
    stream: { type: 'boolean' },
    temperature: { type: 'number' },
    n: int,
    tools: { type: 'array', items: { type: 'object' } },
    stop: str,
  },
};

/** The relay's bodies are not in the OpenAPI document: the fields each client format reads. */
export const RELAY_BODIES: Record<string, SchemaNode> = {
  '/v1/chat/completions': chat,
  '/pg/chat/completions': { ...chat, properties: { ...chat.properties, group: str } },
  '/v1/messages': {
    type: 'object',
    properties: {
      model: str,
      max_tokens: int,
      messages: { type: 'array', items: message },
      system: str,
      stream: { type: 'boolean' },
      tools: { type: 'array', items: { type: 'object' } },
      thinking: { type: 'object' },
    },
  },
  '/v1beta/models/:target': {
    type: 'object',
    properties: {
      contents: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            role: str,
            parts: { type: 'array', items: { type: 'object', properties: { text: str } } },
          },
        },
      },
      generationConfig: { type: 'object', properties: { maxOutputTokens: int, temperature: int } },
      systemInstruction: { type: 'object' },
    },
  },
  '/v1/completions': {
    type: 'object',
    properties: { model: str, prompt: str, max_tokens: int, stream: { type: 'boolean' } },
  },
  '/v1/embeddings': { type: 'object', properties: { model: str, input: str, dimensions: int } },
  '/v1/engines/:model/embeddings': { type: 'object', properties: { input: str } },
  '/v1/moderations': { type: 'object', properties: { model: str, input: str } },
  '/v1/rerank': {
    type: 'object',
    properties: { model: str, query: str, documents: { type: 'array', items: str } },
  },
  '/v1/images/generations': { type: 'object', properties: { model: str, prompt: str, n: int, size: str } },
  '/v1/audio/speech': { type: 'object', properties: { model: str, input: str, voice: str } },
};
