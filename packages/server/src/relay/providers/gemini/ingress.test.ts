import { describe, expect, it } from 'vitest';
import type { ChatRequest } from '../types.js';
import { geminiClientFormat, geminiProvider } from './index.js';
import { channel, fixture } from './test-helpers.js';

interface ChatFixture {
  request: ChatRequest;
  upstreamRequest: Record<string, unknown>;
}

/** What the relay would send upstream for a client's Gemini request: client format in, provider out. */
async function relayed(body: unknown, model: string) {
  const unified = geminiClientFormat.toUnified(body, model);
  return JSON.parse((await geminiProvider.chatRequest(channel(), unified, model)).body!) as unknown;
}

describe('gemini client format: requests', () => {
  // The fixtures' upstream requests are what a Gemini client could send; relaying them must keep their meaning.
  it.each(['plain', 'thoughts'])('round-trips the %s request unchanged', async (name) => {
    const f = fixture<ChatFixture>(`${name}.json`);
    expect(await relayed(f.upstreamRequest, f.request.model)).toEqual(f.upstreamRequest);
  });

  it('round-trips function calls and responses, pairing them by name', async () => {
    const f = fixture<ChatFixture>('function-calling.json');
    const unified = geminiClientFormat.toUnified(f.upstreamRequest, 'gemini-2.5-flash');
    expect(unified.messages.slice(1, 4)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_0',
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome"}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_0', content: '18C sunny' },
      { role: 'tool', tool_call_id: 'call_1', content: '24C clear' },
    ]);
    expect(unified.tool_choice).toBe('required');
    expect(await relayed(f.upstreamRequest, 'gemini-2.5-flash')).toEqual(f.upstreamRequest);
  });

  it('reads snake_case bodies, upper-case schema types and structured function responses', () => {
    const unified = geminiClientFormat.toUnified(
      {
        system_instruction: { parts: [{ text: 'Be brief.' }] },
        contents: [
          {
            role: 'user',
            parts: [{ inline_data: { mime_type: 'image/jpeg', data: 'AAA' } }, { text: 'what?' }],
          },
          { role: 'model', parts: [{ function_call: { name: 'look', args: { max_items: 2 } } }] },
          {
            role: 'user',
            parts: [{ function_response: { name: 'look', response: { found_items: ['a'] } } }],
          },
        ],
        generation_config: {
          max_output_tokens: 50,
          stop_sequences: ['x'],
          response_mime_type: 'application/json',
        },
        tools: [
          {
            function_declarations: [
              {
                name: 'look',
                parameters: { type: 'OBJECT', properties: { max_items: { type: 'INTEGER' } } },
              },
            ],
          },
        ],
        tool_config: { function_calling_config: { mode: 'ANY', allowed_function_names: ['look'] } },
      },
      'models/gemini-2.0-flash',
    );
    expect(unified).toEqual({
      model: 'gemini-2.0-flash',
      messages: [
        { role: 'system', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: { url: 'data:image/jpeg;base64,AAA' } },
            { type: 'text', text: 'what?' },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_0', type: 'function', function: { name: 'look', arguments: '{"max_items":2}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_0', content: '{"found_items":["a"]}' },
      ],
      max_tokens: 50,
      stop: ['x'],
      response_format: { type: 'json_object' },
      tools: [
        {
          type: 'function',
          function: {
            name: 'look',
            parameters: { type: 'object', properties: { max_items: { type: 'integer' } } },
          },
        },
      ],
      tool_choice: { type: 'function', function: { name: 'look' } },
    });
  });

  it('maps thinking budgets back to reasoning effort', () => {
    const effort = (thinkingBudget: number) =>
      geminiClientFormat.toUnified(
        { contents: [], generationConfig: { thinkingConfig: { thinkingBudget } } },
        'm',
      ).reasoning_effort;
    expect([effort(0), effort(512), effort(4000), effort(30000), effort(-1)]).toEqual([
      undefined,
      'low',
      'medium',
      'high',
      'medium',
    ]);
  });
});
