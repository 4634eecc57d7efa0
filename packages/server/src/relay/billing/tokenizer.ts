import { imageTokens } from './image-tokens.js';
import { Worker } from 'node:worker_threads';
import type { ChatMessage, ChatRequest } from '../providers/types.js';

export type Encoding = 'cl100k_base' | 'o200k_base';

/** One message to the counting worker: texts to count with one encoding. */
export interface TokenizerJob {
  id: number;
  encoding: Encoding;
  texts: string[];
}

type Reply = { id: number; counts: number[] } | { id: number; error: string };

let worker: Worker | undefined;
let nextId = 1;
const waiting = new Map<number, { resolve: (counts: number[]) => void; reject: (err: Error) => void }>();

/** The worker file beside this module: `.mjs` in the sources, `.js` in the bundle (built as its own entry). */
function startWorker(): Worker {
  const file = import.meta.url.endsWith('.ts') ? './tokenizer-worker.mjs' : './tokenizer-worker.js';
  const w = new Worker(new URL(file, import.meta.url));
  // Counting must never keep a finished process alive.
  w.unref();
  w.on('message', (reply: Reply) => {
    const job = waiting.get(reply.id);
    if (!job) return;
    waiting.delete(reply.id);
    if ('error' in reply) job.reject(new Error(reply.error));
    else job.resolve(reply.counts);
  });
  w.on('error', (err) => {
    for (const job of waiting.values()) job.reject(err);
    waiting.clear();
    worker = undefined;
  });
  return w;
}

/** new-api's encoder choice: o200k for the gpt-4o, chatgpt-4o and o-series families, cl100k otherwise. */
const encodingFor = (model: string): Encoding =>
  /^(gpt-4o|chatgpt-4o|gpt-4\.1|o1|o3|o4)/.test(model) ? 'o200k_base' : 'cl100k_base';

/**
 * Token counts of `texts` with `model`'s encoding, computed on a worker thread: the first call builds the encoder
 * there (seconds), and no call ever blocks the relay's event loop.
 */
export function countTokens(texts: string[], model: string): Promise<number[]> {
  worker ??= startWorker();
  const w = worker;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.postMessage({ id, encoding: encodingFor(model), texts } satisfies TokenizerJob);
  });
}

export async function countTextTokens(text: string, model: string): Promise<number> {
  return text ? (await countTokens([text], model))[0]! : 0;
}

function contentText(message: ChatMessage, request: ChatRequest): { text: string; images: number } {
  if (typeof message.content === 'string') return { text: message.content, images: 0 };
  let text = '';
  let images = 0;
  for (const part of message.content ?? []) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'image_url')
      images += imageTokens(part.image_url, request.model, request.stream === true);
  }
  return { text, images };
}

/**
 * Prompt tokens as new-api estimates them (reference §5.3 step 4): 3 per message + role + content (+1 + name),
 * 3 for the reply priming, images as `imageTokens` counts them (`GET_MEDIA_TOKEN*`).
 */
export async function estimatePromptTokens(request: ChatRequest): Promise<number> {
  let fixed = 3;
  const texts: string[] = [];
  for (const message of request.messages) {
    const { text, images } = contentText(message, request);
    fixed += 3 + images;
    texts.push(message.role, text);
    if (message.name) {
      fixed += 1;
      texts.push(message.name);
    }
    for (const call of message.tool_calls ?? []) texts.push(call.function.name + call.function.arguments);
  }
  for (const tool of request.tools ?? []) {
    fixed += 8;
    texts.push(JSON.stringify(tool.function));
  }
  const counts = await countTokens(texts, request.model);
  return counts.reduce((a, b) => a + b, fixed);
}
