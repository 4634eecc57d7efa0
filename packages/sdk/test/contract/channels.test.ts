import { describe, expect, it } from 'vitest';
import { BusinessError, ValidationError } from '../../src/core/errors.js';
import { ChannelStatus, ChannelType } from '../../src/index.js';
import { uniq, useContractEnv } from './setup.js';

const env = useContractEnv();

/** Creates a channel and returns it as searched back (create answers no id). */
async function createChannel(name: string, extra: Record<string, unknown> = {}) {
  await env.admin.channels.create({ name, key: `sk-${name}`, models: 'gpt-4o', ...extra });
  const found = (await env.admin.channels.search({ keyword: name })).items.find((c) => c.name === name);
  if (!found) throw new Error(`channel ${name} not found after create`);
  return found;
}

describe('client.channels', () => {
  it('creates a channel with name, key and models only', async () => {
    const channel = await createChannel(uniq('ct-min'));
    expect(channel).toMatchObject({
      type: ChannelType.OpenAI,
      status: ChannelStatus.Enabled,
      models: 'gpt-4o',
    });
    expect(channel.key).toBe('');
    expect((await env.admin.channels.get(channel.id)).name).toBe(uniq('ct-min'));
  });

  it('creates a channel with every field', async () => {
    const channel = await createChannel(uniq('ct-all'), {
      type: ChannelType.OpenAI,
      models: ['gpt-4o', 'gpt-4o-mini'],
      group: 'default,vip',
      auto_ban: 0,
      priority: 7,
      weight: 3,
      openai_organization: 'org-1',
      base_url: 'https://api.example.com/',
      other: '',
      model_mapping: JSON.stringify({ 'gpt-4o': 'gpt-4o-2024-08-06' }),
      status_code_mapping: JSON.stringify({ '400': '500' }),
      setting: JSON.stringify({ force_format: true }),
      test_model: 'gpt-4o-mini',
      tag: uniq('ct-tag'),
    });
    expect(channel).toMatchObject({
      models: 'gpt-4o,gpt-4o-mini',
      group: 'default,vip',
      auto_ban: 0,
      priority: 7,
      weight: 3,
      base_url: 'https://api.example.com',
      test_model: 'gpt-4o-mini',
      tag: uniq('ct-tag'),
    });
  });

  it('creates one channel per key line in batch mode', async () => {
    await env.admin.channels.create({
      mode: 'batch',
      name: uniq('ct-batch'),
      key: 'sk-a\nsk-b\nsk-c',
      models: 'gpt-4o',
    });
    const page = await env.admin.channels.search({ keyword: uniq('ct-batch') });
    expect(page.items.filter((c) => c.name.startsWith(uniq('ct-batch')))).toHaveLength(3);
  });

  it('lists with and without paging flags, and searches by group and model', async () => {
    const page = await env.admin.channels.list();
    expect(page.items.length).toBeGreaterThan(0);
    const sorted = await env.admin.channels.list({ page: 1, pageSize: 100, id_sort: true });
    const ids = sorted.items.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const tagged = await env.admin.channels.list({ tag_mode: true, pageSize: 100 });
    expect(tagged.items.length).toBeGreaterThan(0);
    const vip = await env.admin.channels.search({ keyword: '', group: 'vip', model: 'gpt-4o' });
    expect(vip.items.every((c) => c.group.split(',').includes('vip'))).toBe(true);
  });

  it('updates fields, status, priority and weight, and returns the channel', async () => {
    const { id } = await createChannel(uniq('ct-upd'));
    expect((await env.admin.channels.update(id, { name: uniq('ct-upd2'), models: 'gpt-4o-mini' })).name).toBe(
      uniq('ct-upd2'),
    );
    expect((await env.admin.channels.updateStatus(id, ChannelStatus.ManuallyDisabled)).status).toBe(
      ChannelStatus.ManuallyDisabled,
    );
    expect((await env.admin.channels.updatePriority(id, 5)).priority).toBe(5);
    expect((await env.admin.channels.updateWeight(id, 9)).weight).toBe(9);
    expect(await env.admin.channels.get(id)).toMatchObject({
      name: uniq('ct-upd2'),
      models: 'gpt-4o-mini',
      priority: 5,
    });
  });

  it('deletes one, several, and every disabled channel, and rebuilds abilities', async () => {
    const a = await createChannel(uniq('ct-del-a'));
    const b = await createChannel(uniq('ct-del-b'));
    const c = await createChannel(uniq('ct-del-c'));
    await env.admin.channels.delete(a.id);
    await expect(env.admin.channels.get(a.id)).rejects.toBeInstanceOf(BusinessError);
    expect(await env.admin.channels.deleteMany({ ids: [b.id] })).toBe(1);
    await env.admin.channels.updateStatus(c.id, ChannelStatus.ManuallyDisabled);
    expect(await env.admin.channels.deleteDisabled()).toBeGreaterThanOrEqual(1);
    await expect(env.admin.channels.get(c.id)).rejects.toBeInstanceOf(BusinessError);
    expect(await env.admin.channels.fix()).toBeGreaterThanOrEqual(0);
  });

  it('refuses common users, missing keys before sending, and unknown ids', async () => {
    await expect(env.alice.channels.list()).rejects.toBeInstanceOf(BusinessError);
    await expect(env.admin.channels.create({ name: 'x', key: '', models: 'gpt-4o' })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(env.admin.channels.deleteMany({ ids: [] })).rejects.toBeInstanceOf(ValidationError);
    await expect(env.admin.channels.get(999_999)).rejects.toBeInstanceOf(BusinessError);
  });
  // test, testAll, updateBalance, updateAllBalances, fetchModels and fetchModelsByParams call the
  // upstream through the relay, a later issue (the server does not serve these routes yet).
});

describe('client.channels.tags', () => {
  it('tags channels, disables and enables the tag, then edits and dissolves it', async () => {
    const a = await createChannel(uniq('ct-tag-a'));
    const b = await createChannel(uniq('ct-tag-b'));
    expect(await env.admin.channels.setTag({ ids: [a.id, b.id], tag: uniq('ct-group') })).toBe(2);
    await env.admin.channels.tags.disable(uniq('ct-group'));
    expect((await env.admin.channels.get(a.id)).status).toBe(ChannelStatus.ManuallyDisabled);
    await env.admin.channels.tags.enable(uniq('ct-group'));
    expect((await env.admin.channels.get(b.id)).status).toBe(ChannelStatus.Enabled);
    await env.admin.channels.tags.update(uniq('ct-group'), { priority: 4 });
    await env.admin.channels.tags.update(uniq('ct-group'), {
      new_tag: uniq('ct-group2'),
      priority: 6,
      weight: 2,
      model_mapping: '{}',
      models: 'gpt-4o,gpt-4o-mini',
      groups: 'default',
    });
    expect(await env.admin.channels.get(a.id)).toMatchObject({
      tag: uniq('ct-group2'),
      priority: 6,
      weight: 2,
    });
    await env.admin.channels.tags.update(uniq('ct-group2'), { new_tag: '' });
    expect((await env.admin.channels.get(a.id)).tag ?? '').toBe('');
  });

  it('refuses an edit that changes nothing, before sending', async () => {
    await expect(env.admin.channels.tags.update(uniq('ct-none'), {})).rejects.toBeInstanceOf(ValidationError);
    await expect(env.alice.channels.tags.enable(uniq('ct-group'))).rejects.toBeInstanceOf(BusinessError);
  });
});

describe('client.channels.models', () => {
  it('lists the catalogue and the models of enabled abilities', async () => {
    const catalogue = await env.admin.channels.models.list();
    expect(catalogue.map((m) => m.id)).toContain('gpt-4o');
    const enabled = await env.admin.channels.models.enabled();
    expect(enabled.length).toBeGreaterThan(0);
    await expect(env.alice.channels.models.list()).rejects.toBeInstanceOf(BusinessError);
  });
});
