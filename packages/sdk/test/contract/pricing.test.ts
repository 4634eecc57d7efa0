import { describe, expect, it } from 'vitest';
import { useContractEnv } from './setup.js';

const env = useContractEnv();

describe('client.pricing', () => {
  it('reads public prices without logging in', async () => {
    const pricing = await env.anonymous.pricing.get();
    expect(pricing.data.length).toBeGreaterThan(0);
    for (const model of pricing.data) expect(typeof model.model_name).toBe('string');
  });

  it('shows a logged-in user the same models', async () => {
    const anonymous = await env.anonymous.pricing.get();
    const alice = await env.alice.pricing.get();
    expect(alice.data.map((m) => m.model_name)).toEqual(anonymous.data.map((m) => m.model_name));
  });
});
