import { z } from 'zod';
import { bool, count, num, object, str, strings, tokens } from '../../core/request-fields.js';

const part = z.looseObject({
  text: str.nullish(),
  thought: bool.nullish(),
  inlineData: z.looseObject({ mimeType: str, data: str }).nullish(),
  fileData: z.looseObject({ mimeType: str.nullish(), fileUri: str }).nullish(),
  functionCall: z.looseObject({ name: str, id: str.nullish() }).nullish(),
  functionResponse: z.looseObject({ name: str.nullish(), id: str.nullish() }).nullish(),
});

const content = z.looseObject({ role: str.nullish(), parts: z.array(part).nullish() });

const generationConfig = z.looseObject({
  temperature: num.nullish(),
  topP: num.nullish(),
  topK: num.nullish(),
  maxOutputTokens: tokens.nullish(),
  stopSequences: strings.nullish(),
  candidateCount: count.nullish(),
  responseMimeType: str.nullish(),
  responseSchema: object.nullish(),
  // -1 asks for a dynamic budget.
  thinkingConfig: z
    .looseObject({ thinkingBudget: z.int().min(-1).nullish(), includeThoughts: bool.nullish() })
    .nullish(),
});

const functionDeclaration = z.looseObject({
  name: str,
  description: str.nullish(),
  parameters: object.nullish(),
  parametersJsonSchema: object.nullish(),
});

/**
 * Gemini's generateContent body after snake_case is normalised to lowerCamel (Google accepts both); `contents`
 * is required, as Google's API requires it. The model comes from the URL.
 */
export const GeminiRequestSchema = z.looseObject({
  contents: z.array(content),
  systemInstruction: content.nullish(),
  generationConfig: generationConfig.nullish(),
  tools: z.array(z.looseObject({ functionDeclarations: z.array(functionDeclaration).nullish() })).nullish(),
  toolConfig: z
    .looseObject({
      functionCallingConfig: z
        .looseObject({ mode: str.nullish(), allowedFunctionNames: strings.nullish() })
        .nullish(),
    })
    .nullish(),
  safetySettings: z.array(object).nullish(),
});
