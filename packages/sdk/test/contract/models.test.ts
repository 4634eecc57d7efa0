import { describe, expect, it } from 'vitest';
import { AuthenticationError } from '../../src/core/errors.js';
import { ChannelType } from '../../src/index.js';
import { useContractEnv } from './setup.js';

const env = useContractEnv();

describe('client.models', () => {
  it('lists built-in model names by channel type for a user, and refuses strangers', async () => {
    const models = await env.alice.models.list();
    expect(models[ChannelType.OpenAI]).toContain('gpt-4o');
    await expect(env.anonymous.models.list()).rejects.toBeInstanceOf(AuthenticationError);
  });
});
