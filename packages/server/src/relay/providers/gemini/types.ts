/**
 * Gemini's REST wire format (generativelanguage.googleapis.com, v1beta), as far as the relay reads or writes it.
 * Field names are the lowerCamel proto-JSON spelling; ingress.ts normalises snake_case input to it.
 */

export interface GeminiFunctionCall {
  id?: string;
  name: string;
  args?: Record<string, unknown>;
}

export interface GeminiFunctionResponse {
  id?: string;
  name: string;
  response: Record<string, unknown>;
}

export interface GeminiPart {
  text?: string;
  /** Marks a text part as the model's reasoning ("thought summary"). */
  thought?: boolean;
  thoughtSignature?: string;
  inlineData?: { mimeType: string; data: string };
  fileData?: { mimeType?: string; fileUri: string };
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
}

export interface GeminiContent {
  role?: 'user' | 'model' | 'function';
  parts: GeminiPart[];
}

export interface GeminiFunctionDeclaration {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
  parametersJsonSchema?: Record<string, unknown>;
}

export interface GeminiGenerationConfig {
  temperature?: number;
  topP?: number;
  topK?: number;
  maxOutputTokens?: number;
  stopSequences?: string[];
  candidateCount?: number;
  responseMimeType?: string;
  responseSchema?: Record<string, unknown>;
  thinkingConfig?: { thinkingBudget?: number; includeThoughts?: boolean };
}

export type GeminiCallingMode = 'AUTO' | 'NONE' | 'ANY' | 'VALIDATED';

export interface GeminiRequest {
  contents: GeminiContent[];
  systemInstruction?: { parts: GeminiPart[] };
  generationConfig?: GeminiGenerationConfig;
  tools?: { functionDeclarations?: GeminiFunctionDeclaration[] }[];
  toolConfig?: {
    functionCallingConfig: { mode: GeminiCallingMode; allowedFunctionNames?: string[] };
  };
  safetySettings?: { category: string; threshold: string }[];
}

export interface GeminiUsageMetadata {
  promptTokenCount?: number;
  candidatesTokenCount?: number;
  thoughtsTokenCount?: number;
  cachedContentTokenCount?: number;
  toolUsePromptTokenCount?: number;
  totalTokenCount?: number;
}

export interface GeminiCandidate {
  content?: { role?: string; parts?: GeminiPart[] };
  finishReason?: string;
  index?: number;
}

export interface GeminiResponse {
  candidates?: GeminiCandidate[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
}

/** Google's error envelope (`status` is the gRPC code name, e.g. INVALID_ARGUMENT). */
export interface GeminiErrorBody {
  error: { code: number; message: string; status: string; details?: unknown[] };
}
