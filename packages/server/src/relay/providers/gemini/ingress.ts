/** A Gemini client's generateContent request → unified (the request half of the Gemini client format). */
import type { ChatMessage, ChatRequest, ChatTool, ContentPart, ToolCall } from '../types.js';
import { bareModel } from './api.js';
import { effortForBudget } from './mapping.js';
import { relayError } from '../../core/relay-error.js';
import { validateBody } from '../../core/request-fields.js';
import { GeminiRequestSchema } from './request-schema.js';
import type { GeminiContent, GeminiGenerationConfig, GeminiPart, GeminiRequest } from './types.js';

/** Free-form JSON whose keys are the caller's own names, not proto fields, so they are never renamed. */
const VERBATIM = new Set(['args', 'response', 'parametersJsonSchema', 'responseJsonSchema']);

/** Google accepts proto-JSON in snake_case (`system_instruction`, `inline_data`) as well; normalise to lowerCamel. */
export function camelize(value: unknown, parentKey = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => camelize(v, parentKey));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => {
      const name =
        parentKey === 'properties' ? key : key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
      return [name, VERBATIM.has(name) ? v : camelize(v, name)];
    }),
  );
}

/** Gemini schemas may use OpenAPI's upper-case types (STRING, OBJECT); JSON schema wants lower case. */
function lowerTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lowerTypes);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([k, v]) => [
      k,
      k === 'type' && typeof v === 'string' ? v.toLowerCase() : lowerTypes(v),
    ]),
  );
}

function partToContent(part: GeminiPart): ContentPart | undefined {
  if (typeof part.text === 'string') return { type: 'text', text: part.text };
  if (part.inlineData) {
    const { mimeType, data } = part.inlineData;
    if (mimeType.startsWith('audio/'))
      return { type: 'input_audio', input_audio: { data, format: mimeType.slice(6) } };
    return { type: 'image_url', image_url: { url: `data:${mimeType};base64,${data}` } };
  }
  if (part.fileData) return { type: 'image_url', image_url: { url: part.fileData.fileUri } };
  return undefined;
}

/** One text part stays a plain string, so the common case reads like an ordinary OpenAI message. */
function userContent(parts: ContentPart[]): ChatMessage['content'] {
  const only = parts[0];
  return parts.length === 1 && only?.type === 'text' ? only.text : parts;
}

function toMessages(contents: GeminiContent[]): ChatMessage[] {
  const messages: ChatMessage[] = [];
  // Calls without Gemini ids get sequential ones; a response answers the oldest open call of its name.
  const open: ToolCall[] = [];
  let seq = 0;
  for (const content of contents) {
    const parts = content.parts ?? [];
    if (content.role === 'model') {
      const thoughts = parts.filter((p) => p.thought && typeof p.text === 'string');
      const texts = parts.filter((p) => !p.thought && typeof p.text === 'string');
      const calls: ToolCall[] = parts.flatMap((p) =>
        p.functionCall
          ? [
              {
                id: p.functionCall.id || `call_${seq++}`,
                type: 'function' as const,
                function: { name: p.functionCall.name, arguments: JSON.stringify(p.functionCall.args ?? {}) },
              },
            ]
          : [],
      );
      open.push(...calls);
      const message: ChatMessage = {
        role: 'assistant',
        content: texts.length > 0 ? texts.map((p) => p.text).join('') : calls.length > 0 ? null : '',
      };
      if (thoughts.length > 0) message.reasoning_content = thoughts.map((p) => p.text).join('');
      if (calls.length > 0) message.tool_calls = calls;
      messages.push(message);
      continue;
    }
    const rest: ContentPart[] = [];
    for (const part of parts) {
      const fr = part.functionResponse;
      if (!fr) {
        const converted = partToContent(part);
        if (converted) rest.push(converted);
        continue;
      }
      const at = open.findIndex((c) => (fr.id ? c.id === fr.id : c.function.name === fr.name));
      const call = at >= 0 ? open.splice(at, 1)[0] : undefined;
      const inner = fr.response?.content;
      messages.push({
        role: 'tool',
        tool_call_id: call?.id ?? fr.id ?? `call_${seq++}`,
        content: typeof inner === 'string' ? inner : JSON.stringify(fr.response ?? {}),
      });
    }
    if (rest.length > 0) messages.push({ role: 'user', content: userContent(rest) });
  }
  return messages;
}

function applyConfig(req: ChatRequest, config: GeminiGenerationConfig): void {
  if (config.temperature != null) req.temperature = config.temperature;
  if (config.topP != null) req.top_p = config.topP;
  if (config.topK != null) req.top_k = config.topK;
  if (config.maxOutputTokens != null) req.max_tokens = config.maxOutputTokens;
  if (config.stopSequences?.length) req.stop = config.stopSequences;
  if (config.candidateCount != null) req.n = config.candidateCount;
  if (config.responseSchema) {
    const schema = lowerTypes(config.responseSchema) as Record<string, unknown>;
    req.response_format = { type: 'json_schema', json_schema: { name: 'response', schema } };
  } else if (config.responseMimeType === 'application/json') req.response_format = { type: 'json_object' };
  const budget = config.thinkingConfig?.thinkingBudget;
  const effort = budget === undefined ? undefined : effortForBudget(budget);
  if (effort) req.reasoning_effort = effort;
}

function toolChoice(body: GeminiRequest): ChatRequest['tool_choice'] {
  const config = body.toolConfig?.functionCallingConfig;
  if (!config) return undefined;
  if (config.mode === 'NONE') return 'none';
  if (config.mode !== 'ANY' && config.mode !== 'VALIDATED') return 'auto';
  const names = config.allowedFunctionNames ?? [];
  return names.length === 1 ? { type: 'function', function: { name: names[0]! } } : 'required';
}

/** `model` comes from the URL path; streaming is decided by the path too, so the route sets `stream`. */
export function geminiToUnified(raw: unknown, model?: string): ChatRequest {
  const body = validateBody<GeminiRequest & { model?: string }>(GeminiRequestSchema, camelize(raw));
  const messages = toMessages(body.contents ?? []);
  const system = (body.systemInstruction?.parts ?? []).map((p) => p.text ?? '').join('\n');
  if (system) messages.unshift({ role: 'system', content: system });
  const name = bareModel(model ?? body.model ?? '');
  if (!name.trim()) throw relayError(400, 'relay.modelRequired', {}, 'invalid_text_request');
  const req: ChatRequest = { model: name, messages };
  if (body.generationConfig) applyConfig(req, body.generationConfig);
  const tools: ChatTool[] = (body.tools ?? []).flatMap((t) =>
    (t.functionDeclarations ?? []).map((d) => {
      const parameters = d.parametersJsonSchema ?? (d.parameters && lowerTypes(d.parameters));
      return {
        type: 'function' as const,
        function: {
          name: d.name,
          ...(d.description !== undefined && { description: d.description }),
          ...(parameters ? { parameters: parameters as Record<string, unknown> } : {}),
        },
      };
    }),
  );
  if (tools.length > 0) {
    req.tools = tools;
    const choice = toolChoice(body);
    if (choice) req.tool_choice = choice;
  }
  return req;
}
