/** Unified (OpenAI chat) request → Gemini generateContent body. Pure. */
import type { ChatMessage, ChatRequest, ChatTool, ContentPart } from '../types.js';
import { cleanSchema, parseArgs, THINKING_BUDGET } from './mapping.js';
import { DEFAULT_PROVIDER_SETTINGS, geminiSafetySettings, type GeminiSettings } from '../settings.js';
import type { GeminiContent, GeminiGenerationConfig, GeminiPart, GeminiRequest } from './types.js';

const MIME_BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  pdf: 'application/pdf',
};

/** fileData needs a mimeType; guess it from the URL's extension, as new-api does, defaulting to JPEG. */
export function guessMimeType(url: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url.replace(/^[a-z]+:\/\/[^/]+/i, ''))?.[1]?.toLowerCase();
  return (ext && MIME_BY_EXTENSION[ext]) ?? 'image/jpeg';
}

function imagePart(url: string): GeminiPart {
  const data = /^data:([^;,]+)(?:;[^,]*)?;base64,(.*)$/s.exec(url);
  if (data) return { inlineData: { mimeType: data[1]!, data: data[2]! } };
  return { fileData: { fileUri: url, mimeType: guessMimeType(url) } };
}

function contentParts(content: ChatMessage['content']): GeminiPart[] {
  if (content == null) return [];
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  return content.map((part: ContentPart): GeminiPart => {
    if (part.type === 'text') return { text: part.text };
    if (part.type === 'image_url') return imagePart(part.image_url.url);
    return { inlineData: { mimeType: `audio/${part.input_audio.format}`, data: part.input_audio.data } };
  });
}

const textOf = (content: ChatMessage['content']): string =>
  typeof content === 'string'
    ? content
    : (content ?? []).map((p) => (p.type === 'text' ? p.text : '')).join('');

/** Gemini wants every function response of a turn in one content, so consecutive tool results merge. */
function toContents(messages: ChatMessage[]): GeminiContent[] {
  const contents: GeminiContent[] = [];
  const callNames = new Map<string, string>();
  let lastWasTool = false;
  for (const m of messages) {
    if (m.role === 'system' || m.role === 'developer') continue;
    if (m.role === 'tool') {
      const part: GeminiPart = {
        functionResponse: {
          name: callNames.get(m.tool_call_id ?? '') ?? m.name ?? '',
          response: { content: textOf(m.content) },
        },
      };
      const last = contents.at(-1);
      if (lastWasTool && last) last.parts.push(part);
      else contents.push({ role: 'user', parts: [part] });
      lastWasTool = true;
      continue;
    }
    lastWasTool = false;
    const parts = contentParts(m.content);
    for (const call of m.tool_calls ?? []) {
      callNames.set(call.id, call.function.name);
      parts.push({ functionCall: { name: call.function.name, args: parseArgs(call.function.arguments) } });
    }
    // Gemini rejects a content without parts; an empty assistant turn still needs one.
    if (parts.length === 0) parts.push({ text: '' });
    contents.push({ role: m.role === 'assistant' ? 'model' : 'user', parts });
  }
  return contents;
}

function declaration(tool: ChatTool) {
  const { name, description, parameters } = tool.function;
  const props = parameters?.properties;
  // An OBJECT schema without properties is rejected, and a no-argument function needs no schema at all.
  const hasProps = !!props && typeof props === 'object' && Object.keys(props).length > 0;
  return {
    name,
    ...(description !== undefined && { description }),
    ...(hasProps && { parameters: cleanSchema(parameters) as Record<string, unknown> }),
  };
}

function toolConfig(choice: ChatRequest['tool_choice']): GeminiRequest['toolConfig'] {
  if (choice == null) return undefined;
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' } };
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' } };
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' } };
  const name = choice.function?.name;
  return { functionCallingConfig: { mode: 'ANY', ...(name ? { allowedFunctionNames: [name] } : {}) } };
}

function generationConfig(req: ChatRequest): GeminiGenerationConfig | undefined {
  const config: GeminiGenerationConfig = {};
  if (req.temperature != null) config.temperature = req.temperature;
  if (req.top_p != null) config.topP = req.top_p;
  if (req.top_k != null) config.topK = req.top_k;
  const max = req.max_tokens ?? req.max_completion_tokens;
  if (max != null) config.maxOutputTokens = max;
  if (req.stop != null) config.stopSequences = typeof req.stop === 'string' ? [req.stop] : req.stop;
  if (req.n != null) config.candidateCount = req.n;
  const format = req.response_format?.type;
  if (format === 'json_object' || format === 'json_schema') config.responseMimeType = 'application/json';
  const schema = (req.response_format?.json_schema as { schema?: unknown } | undefined)?.schema;
  if (format === 'json_schema' && schema)
    config.responseSchema = cleanSchema(schema) as Record<string, unknown>;
  if (req.reasoning_effort != null) {
    config.thinkingConfig = { thinkingBudget: THINKING_BUDGET[req.reasoning_effort], includeThoughts: true };
  }
  return Object.keys(config).length > 0 ? config : undefined;
}

/** `safetySettings` carry every harm category at `gemini.safety_settings`'s threshold, as new-api sends them. */
export function toGeminiRequest(
  req: ChatRequest,
  settings: GeminiSettings = DEFAULT_PROVIDER_SETTINGS.gemini,
): GeminiRequest {
  const body: GeminiRequest = { contents: toContents(req.messages) };
  const system = req.messages
    .filter((m) => m.role === 'system' || m.role === 'developer')
    .map((m) => ({ text: textOf(m.content) }));
  if (system.length > 0) body.systemInstruction = { parts: system };
  const config = generationConfig(req);
  if (config) body.generationConfig = config;
  // A tool without a function (a hosted tool's `{type}` alone) has nothing Gemini could call.
  const functions = req.tools?.filter((t) => typeof t?.function?.name === 'string') ?? [];
  if (functions.length) body.tools = [{ functionDeclarations: functions.map(declaration) }];
  const choice = toolConfig(req.tool_choice);
  if (choice && functions.length) body.toolConfig = choice;
  body.safetySettings = geminiSafetySettings(settings);
  return body;
}
