import { describe, expect, it } from 'vitest';
import { AuthenticationError, BusinessError, ValidationError } from '../../src/core/errors.js';
import { uniq, useContractEnv } from './setup.js';

const env = useContractEnv();

/** A fresh common user, logged in, so that self-service changes stay local to one test. */
async function freshUser(username: string) {
  await env.admin.users.create({ username, password: 'password123' });
  return env.login(username, 'password123');
}

describe('client.users.self', () => {
  it('gets the logged-in user with quota, group and role', async () => {
    const me = await env.alice.users.self.get();
    expect(me.id).toBe(Number(env.alice.userId));
    expect(me.quota).toBeGreaterThanOrEqual(0);
    expect(me.group).not.toBe('');
  });

  it('lists own models and groups', async () => {
    const models = await env.alice.users.self.models();
    expect(models.length).toBeGreaterThan(0);
    const groups = await env.alice.users.self.groups();
    expect(groups[(await env.alice.users.self.get()).group]).toBeDefined();
  });

  it('gets the same invitation code twice', async () => {
    const code = await env.alice.users.self.getAffCode();
    expect(code).toMatch(/^\w+$/);
    expect(await env.alice.users.self.getAffCode()).toBe(code);
  });

  it('updates own display name only (required params), then everything', async () => {
    const client = await freshUser(uniq('ct_self'));
    await client.users.self.update({ display_name: 'Self' });
    expect((await client.users.self.get()).display_name).toBe('Self');
    await client.users.self.update({ username: uniq('ct_self2'), display_name: 'Both', password: '' });
    expect(await client.users.self.get()).toMatchObject({ username: uniq('ct_self2'), display_name: 'Both' });
  });

  it('changes own password only with the current one, which ends the session', async () => {
    const client = await freshUser(uniq('ct_selfpw'));
    await expect(client.users.self.update({ password: 'password456' })).rejects.toBeInstanceOf(BusinessError);
    await expect(
      client.users.self.update({ password: 'password456', original_password: 'wrong-password' }),
    ).rejects.toBeInstanceOf(BusinessError);
    await client.users.self.update({ password: 'password456', original_password: 'password123' });
    await expect(client.users.self.get()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(env.login(uniq('ct_selfpw'), 'password123')).rejects.toBeDefined();
    await expect(env.login(uniq('ct_selfpw'), 'password456')).resolves.toBeDefined();
  });

  it('updates the notification settings, with and without the optional fields', async () => {
    const client = await freshUser(uniq('ct_note'));
    await client.users.self.updateSetting({ notify_type: 'email', quota_warning_threshold: 1000 });
    await client.users.self.updateSetting({
      notify_type: 'webhook',
      quota_warning_threshold: 2500.5,
      webhook_url: 'https://hooks.example.com/quota',
      webhook_secret: 's3cret',
      notification_email: 'ops@example.com',
      accept_unset_model_ratio_model: true,
    });
    const setting = (await client.users.self.get()).setting;
    expect(JSON.stringify(setting)).toContain('https://hooks.example.com/quota');
    await expect(
      client.users.self.updateSetting({
        notify_type: 'webhook',
        quota_warning_threshold: 1,
        webhook_url: 'http://x',
      }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('refuses a transfer larger than the invitation earnings', async () => {
    await expect(env.alice.users.self.transferAffQuota({ quota: 500_000 })).rejects.toBeInstanceOf(
      BusinessError,
    );
    await expect(env.alice.users.self.transferAffQuota({ quota: 1 })).rejects.toBeInstanceOf(ValidationError);
  });

  it('deletes own account, which ends the session', async () => {
    const client = await freshUser(uniq('ct_sdel'));
    await client.users.self.delete();
    await expect(env.login(uniq('ct_sdel'), 'password123')).rejects.toBeInstanceOf(Error);
  });

  it('needs a login', async () => {
    await expect(env.anonymous.users.self.get()).rejects.toBeInstanceOf(AuthenticationError);
    await expect(env.anonymous.users.self.generateAccessToken()).rejects.toBeInstanceOf(AuthenticationError);
  });
});
