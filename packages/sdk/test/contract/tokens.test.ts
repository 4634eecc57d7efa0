import { describe, expect, it } from 'vitest';
import { BusinessError, ValidationError } from '../../src/core/errors.js';
import { TokenStatus } from '../../src/index.js';
import { uniq, useContractEnv } from './setup.js';

const env = useContractEnv();

/** Creates a token for alice and returns it as listed (create answers no id). */
async function createToken(name: string, extra: Record<string, unknown> = {}) {
  await env.alice.tokens.create({ name, ...extra });
  const page = await env.alice.tokens.search({ keyword: name });
  const token = page.items.find((t) => t.name === name);
  if (!token) throw new Error(`token ${name} not found after create`);
  return token;
}

describe('client.tokens', () => {
  it('creates a token with the name only, using the defaults', async () => {
    const token = await createToken(uniq('ct-min'));
    expect(token).toMatchObject({ status: TokenStatus.Enabled, expired_time: -1, unlimited_quota: false });
    // Listed masked and without `sk-`, as new-api stores keys; the full key comes from reveal.
    expect(token.key).toMatch(/^[0-9A-Za-z]{4}\*{10}[0-9A-Za-z]{4}$/);
  });

  it('creates a token with every field', async () => {
    const expires = Math.floor(Date.now() / 1000) + 86_400;
    const token = await createToken(uniq('ct-all'), {
      expired_time: expires,
      remain_quota: 123_456,
      unlimited_quota: false,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
      allow_ips: '10.0.0.1',
      group: 'default',
    });
    expect(token).toMatchObject({
      expired_time: expires,
      remain_quota: 123_456,
      model_limits_enabled: true,
      model_limits: 'gpt-4o,gpt-4o-mini',
      allow_ips: '10.0.0.1',
    });
  });

  it('lists, searches by name and by key, and gets one', async () => {
    const page = await env.alice.tokens.list();
    expect(page.items.length).toBeGreaterThan(0);
    const all = await env.alice.tokens.list({ page: 1, pageSize: 100 });
    const first = all.items[0]!;
    expect(await env.alice.tokens.get(first.id)).toMatchObject({ id: first.id, name: first.name });
    const byName = await env.alice.tokens.search({ keyword: first.name, pageSize: 100 });
    expect(byName.items.map((t) => t.id)).toContain(first.id);
  });

  it('updates a token, toggles its status and deletes it', async () => {
    const token = await createToken(uniq('ct-upd'));
    const updated = await env.alice.tokens.update(token.id, {
      name: uniq('ct-upd2'),
      remain_quota: 42,
      unlimited_quota: true,
    });
    expect(updated).toMatchObject({
      id: token.id,
      name: uniq('ct-upd2'),
      remain_quota: 42,
      unlimited_quota: true,
    });
    expect((await env.alice.tokens.updateStatus(token.id, TokenStatus.Disabled)).status).toBe(
      TokenStatus.Disabled,
    );
    expect((await env.alice.tokens.updateStatus(token.id, TokenStatus.Enabled)).status).toBe(
      TokenStatus.Enabled,
    );
    await env.alice.tokens.delete(token.id);
    await expect(env.alice.tokens.get(token.id)).rejects.toBeInstanceOf(BusinessError);
  });

  it("hides other users' tokens and checks input before sending", async () => {
    const mine = (await env.alice.tokens.list({ pageSize: 100 })).items[0]!;
    await expect(env.admin.tokens.get(mine.id)).rejects.toBeInstanceOf(BusinessError);
    await expect(env.alice.tokens.delete(999_999)).rejects.toBeInstanceOf(BusinessError);
    await expect(env.alice.tokens.create({ name: 'x'.repeat(200) })).rejects.toBeInstanceOf(ValidationError);
    await expect(env.alice.tokens.updateStatus(mine.id, 3 as never)).rejects.toBeInstanceOf(ValidationError);
  });
});
