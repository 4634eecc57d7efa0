import { describe, expect, it } from 'vitest';
import { BusinessError, ValidationError } from '../../src/core/errors.js';
import { RedemptionStatus } from '../../src/index.js';
import { uniq, useContractEnv } from './setup.js';

const env = useContractEnv();

describe('client.redemptions', () => {
  it('creates one code with the name only, using the default quota', async () => {
    const keys = await env.admin.redemptions.create({ name: uniq('ct-min') });
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('creates several codes with every field, and finds them by name prefix', async () => {
    const keys = await env.admin.redemptions.create({ name: uniq('ct-batch'), quota: 250_000, count: 3 });
    expect(new Set(keys).size).toBe(3);
    const page = await env.admin.redemptions.search({ keyword: uniq('ct-batch'), page: 1, pageSize: 2 });
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(2);
    const all = await page.toArray({ limit: 10 });
    expect(all.map((r) => r.key).sort()).toEqual([...keys].sort());
    expect(all.every((r) => r.quota === 250_000 && r.status === RedemptionStatus.Unused)).toBe(true);
  });

  it('lists, gets, updates, disables and deletes a code', async () => {
    await env.admin.redemptions.create({ name: uniq('ct-edit'), quota: 1000 });
    const listed = (await env.admin.redemptions.search({ keyword: uniq('ct-edit') })).items[0]!;
    expect((await env.admin.redemptions.list()).total).toBeGreaterThan(0);
    expect(await env.admin.redemptions.get(listed.id)).toMatchObject({
      id: listed.id,
      name: uniq('ct-edit'),
    });
    const byId = await env.admin.redemptions.search({ keyword: String(listed.id) });
    expect(byId.items.map((r) => r.id)).toContain(listed.id);
    expect(
      await env.admin.redemptions.update(listed.id, { name: uniq('ct-edited'), quota: 2000 }),
    ).toMatchObject({
      name: uniq('ct-edited'),
      quota: 2000,
    });
    const disabled = await env.admin.redemptions.updateStatus(listed.id, RedemptionStatus.Disabled);
    expect(disabled.status).toBe(RedemptionStatus.Disabled);
    await env.admin.redemptions.delete(listed.id);
    await expect(env.admin.redemptions.get(listed.id)).rejects.toBeInstanceOf(BusinessError);
  });

  it('refuses common users, bad counts before sending, and unknown ids', async () => {
    await expect(env.alice.redemptions.list()).rejects.toBeInstanceOf(BusinessError);
    await expect(env.admin.redemptions.create({ name: 'x', count: 101 })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(env.admin.redemptions.create({ name: '' })).rejects.toBeInstanceOf(ValidationError);
    await expect(env.admin.redemptions.get(999_999)).rejects.toBeInstanceOf(BusinessError);
  });
});
