import { describe, expect, it } from 'vitest';
import { clearVertexTokenCache, createVertexProvider } from './index.js';
import { fakeTokenEndpoint, testAccount, vertexChannel } from './test-helpers.js';

const { account } = testAccount();

const body = {
  model: 'claude-requested',
  max_tokens: 100,
  stream: true,
  metadata: { user_id: 'u' },
  messages: [
    { role: 'user', content: [{ type: 'text', text: 'Hi', cache_control: { type: 'ephemeral' } }] },
    {
      role: 'assistant',
      content: [{ type: 'thinking', thinking: 'Hmm.', signature: 'EqQBCgIYAhIM+/==' }],
    },
  ],
};

describe('vertex same-format pass-through', () => {
  it("sends a Claude client's body to rawPredict: Vertex's anthropic_version, no model or metadata", async () => {
    clearVertexTokenCache();
    const vertex = createVertexProvider({ fetch: fakeTokenEndpoint().fetch });
    const native = { body, headers: { 'anthropic-beta': 'context-1m-2025-08-07' }, stream: true };
    const up = await vertex.native!.request(
      vertexChannel(account, { other: 'us-east5' }),
      native,
      'claude-sonnet-4-20250514',
    );
    expect(up.url).toBe(
      'https://us-east5-aiplatform.googleapis.com/v1/projects/demo-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:streamRawPredict',
    );
    expect(up.headers).toEqual({
      authorization: 'Bearer ya29.c.b0AXv0zTOKEN',
      'content-type': 'application/json',
      accept: 'text/event-stream',
      'anthropic-beta': 'context-1m-2025-08-07',
    });
    const { model: _m, metadata: _md, ...rest } = body;
    expect(JSON.parse(up.body!)).toEqual({ anthropic_version: 'vertex-2023-10-16', ...rest });
  });

  it('speaks Claude for Claude models only: Gemini clients on Vertex go through conversion', () => {
    const vertex = createVertexProvider();
    expect(vertex.native!.dialect('claude-3-7-sonnet@20250219')).toBe('claude');
    expect(vertex.native!.dialect('gemini-2.5-pro')).toBeUndefined();
  });
});
