import { describe, expect, it } from 'vitest';
import { BusinessError } from '../../src/core/errors.js';
import { useContractEnv } from './setup.js';

const env = useContractEnv();

describe('client.groups', () => {
  it('lists the group names for an admin, and refuses a common user', async () => {
    const groups = await env.admin.groups.list();
    expect(groups).toContain('default');
    await expect(env.alice.groups.list()).rejects.toBeInstanceOf(BusinessError);
  });
});
