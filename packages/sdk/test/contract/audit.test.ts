import { describe, expect, it } from 'vitest';
import { BusinessError, ValidationError } from '../../src/core/errors.js';
import { uniq, useContractEnv } from './setup.js';

const env = useContractEnv();

describe('client.audit', () => {
  it('lists entries with no params, newest first', async () => {
    await env.root.options.update('Footer', uniq('audit-footer'));
    const page = await env.root.audit.list();
    expect(page.items[0]).toMatchObject({
      action: 'option.update',
      target_type: 'option',
      target_id: 'Footer',
    });
    expect(page.items[0]!.after).toEqual({ value: uniq('audit-footer') });
  });

  it('filters by every param, gets one entry and reverts it', async () => {
    const first = uniq('audit-a');
    await env.root.options.update('SystemName', first);
    await env.root.options.update('SystemName', uniq('audit-b'));
    const mine = (await env.root.audit.list({ page: 1, pageSize: 1 })).items[0]!;
    const page = await env.root.audit.list({
      page: 1,
      pageSize: 5,
      actor_id: mine.actor_id,
      target_type: 'option',
      target_id: 'SystemName',
      start_timestamp: mine.created_at,
      end_timestamp: mine.created_at + 60,
    });
    expect(page.items.map((e) => e.id)).toContain(mine.id);
    expect(await env.root.audit.get(mine.id)).toEqual(mine);
    const reverted = await env.root.audit.revert(mine.id);
    expect(reverted).toMatchObject({
      action: 'option.revert',
      reverted_from: mine.id,
      after: { value: first },
    });
    expect((await env.root.options.getMap()).SystemName).toBe(first);
  });

  it('refuses admins, a second revert, and bad params before sending', async () => {
    await expect(env.admin.audit.list()).rejects.toBeInstanceOf(BusinessError);
    const entry = (await env.root.audit.list({ target_type: 'option', target_id: 'SystemName' })).items[1]!;
    await expect(env.root.audit.revert(entry.id)).rejects.toBeInstanceOf(BusinessError);
    // @ts-expect-error -- not a target type
    await expect(env.root.audit.list({ target_type: 'planet' })).rejects.toBeInstanceOf(ValidationError);
    await expect(env.root.audit.get(0)).rejects.toBeInstanceOf(ValidationError);
  });
});
