import { describe, expect, it } from 'vitest';
import { AuthenticationError, BusinessError } from '../../src/core/errors.js';
import { useContractEnv } from './setup.js';

const env = useContractEnv();

describe('client.status', () => {
  it('reads the public status without logging in', async () => {
    const status = await env.anonymous.status.get();
    expect(status.quota_per_unit).toBeGreaterThan(0);
    expect(typeof status.system_name).toBe('string');
  });

  it('reads the notice, about and home page texts, empty or as set by root', async () => {
    await env.root.options.updateMany([
      { key: 'Notice', value: 'maintenance tonight' },
      { key: 'About', value: '# About us' },
      { key: 'HomePageContent', value: 'https://example.com/home' },
    ]);
    expect(await env.anonymous.status.notice()).toBe('maintenance tonight');
    expect(await env.anonymous.status.about()).toBe('# About us');
    expect(await env.anonymous.status.homePageContent()).toBe('https://example.com/home');
  });

  it('lets an admin check the server, but not a common user or a stranger', async () => {
    await expect(env.admin.status.test()).resolves.toBeUndefined();
    await expect(env.alice.status.test()).rejects.toBeInstanceOf(BusinessError);
    await expect(env.anonymous.status.test()).rejects.toBeInstanceOf(AuthenticationError);
  });
});
