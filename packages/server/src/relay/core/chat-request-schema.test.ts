import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { ChatRequestSchema } from './chat-request-schema.js';
import { claudeClientFormat } from '../providers/anthropic/index.js';
import { geminiClientFormat } from '../providers/gemini/index.js';
import type { ChatRequest } from '../providers/types.js';

const fixture = (path: string): unknown =>
  JSON.parse(readFileSync(new URL(`../providers/${path}`, import.meta.url), 'utf8'));

describe('ChatRequestSchema', () => {
  it('is where ChatRequest comes from (a field is declared once)', () => {
    expectTypeOf<ChatRequest>().toEqualTypeOf<z.output<typeof ChatRequestSchema>>();
  });

  // The converters build the unified request, so what they build must be what the schema accepts.
  it.each([
    [
      'a Claude request',
      () => claudeClientFormat.toUnified(fixture('anthropic/__fixtures__/request.claude.json')),
    ],
    [
      'a Claude Code request with tools and thinking',
      () => claudeClientFormat.toUnified(fixture('anthropic/__fixtures__/ingress-request.claude.json')),
    ],
    [
      'Claude cache breakpoints and thinking blocks',
      () =>
        claudeClientFormat.toUnified(fixture('anthropic/__fixtures__/request-cache-thinking.claude.json')),
    ],
    [
      'Gemini function calls and responses',
      () =>
        geminiClientFormat.toUnified(
          (fixture('gemini/__fixtures__/function-calling.json') as { upstreamRequest: unknown })
            .upstreamRequest,
          'gemini-2.5-flash',
        ),
    ],
  ])('accepts what the client formats build from %s', (_name, build) => {
    const unified: ChatRequest = build();
    expect(ChatRequestSchema.safeParse(unified).error?.issues).toBeUndefined();
  });
});
