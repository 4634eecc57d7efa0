import type { Tiktoken } from 'js-tiktoken/lite';
import type { ChatMessage, ChatRequest } from './providers/types.js';

let cl100k: Tiktoken | undefined;
let o200k: Tiktoken | undefined;

/** Loads the encoders once, on first use: the rank tables are megabytes and most upstreams report usage. */
export async function loadTokenizers(): Promise<void> {
  if (cl100k && o200k) return;
  const [{ Tiktoken }, cl, o2] = await Promise.all([
    import('js-tiktoken/lite'),
    import('js-tiktoken/ranks/cl100k_base'),
    import('js-tiktoken/ranks/o200k_base'),
  ]);
  cl100k = new Tiktoken(cl.default);
  o200k = new Tiktoken(o2.default);
}

/** new-api's encoder choice: o200k for the gpt-4o, chatgpt-4o and o-series families, cl100k otherwise. */
function encoderFor(model: string): Tiktoken {
  if (!cl100k || !o200k) throw new Error('tokenizers not loaded: await loadTokenizers() first');
  return /^(gpt-4o|chatgpt-4o|gpt-4\.1|o1|o3|o4)/.test(model) ? o200k : cl100k;
}

export function countTextTokens(text: string, model: string): number {
  return text ? encoderFor(model).encode(text).length : 0;
}

function contentText(message: ChatMessage): { text: string; images: number } {
  if (typeof message.content === 'string') return { text: message.content, images: 0 };
  let text = '';
  let images = 0;
  for (const part of message.content ?? []) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'image_url') images++;
  }
  return { text, images };
}

/**
 * Prompt tokens as new-api estimates them (reference §5.3 step 4): 3 per message + role + content (+1 + name),
 * 3 for the reply priming, images a flat 85 (low detail) — tile maths needs the image, which we never fetch.
 */
export function estimatePromptTokens(request: ChatRequest): number {
  const model = request.model;
  let total = 3;
  for (const message of request.messages) {
    const { text, images } = contentText(message);
    total += 3 + countTextTokens(message.role, model) + countTextTokens(text, model) + images * 85;
    if (message.name) total += 1 + countTextTokens(message.name, model);
    for (const call of message.tool_calls ?? []) {
      total += countTextTokens(call.function.name + call.function.arguments, model);
    }
  }
  for (const tool of request.tools ?? []) total += 8 + countTextTokens(JSON.stringify(tool.function), model);
  return total;
}
