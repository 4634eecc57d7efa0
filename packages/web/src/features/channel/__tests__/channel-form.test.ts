import { ChannelCreateParamsSchema, ChannelSchema } from '@switchboard/sdk';
import { describe, expect, it } from 'vitest';
import { emptyForm, formChanges, formFromChannel, toCreateParams, validateForm } from '../lib/channel-form';

const valid = () => ({ ...emptyForm(), name: 'n', key: 'sk-1', models: ['gpt-4o'] });

describe('channel form', () => {
  it('refuses a group named twice (the picker dedups, the schema still checks)', () => {
    expect(validateForm({ ...valid(), groups: ['vip', 'vip'] }, true)?.message).toBe('分组名称不能重复');
    expect(validateForm({ ...valid(), groups: ['vip', 'default'] }, true)).toBeNull();
  });

  it('sends what new-api stores: comma-joined lists, 1/0 auto-ban, v2.1 for an empty Xunfei version', () => {
    const params = ChannelCreateParamsSchema.parse(
      toCreateParams({
        ...valid(),
        type: 18,
        models: ['a', 'b'],
        groups: ['default', 'vip'],
        auto_ban: false,
        base_url: 'https://x.example/',
      }),
    );
    expect(params).toMatchObject({
      models: 'a,b',
      group: 'default,vip',
      auto_ban: 0,
      other: 'v2.1',
      base_url: 'https://x.example',
    });
  });

  it('lists only what an edit changes, with list additions and removals, and never shows a key', () => {
    const before = formFromChannel(ChannelSchema.parse({ id: 1, name: 'a', models: 'x,y', priority: 2 }));
    const after = { ...before, name: 'b', models: ['y', 'z'], key: 'sk-new' };
    const changes = formChanges(before, after);
    expect(changes.map((c) => c.field)).toEqual(['name', 'key', 'models']);
    expect(changes.find((c) => c.field === 'models')).toMatchObject({ added: ['z'], removed: ['x'] });
    expect(changes.find((c) => c.field === 'key')?.after).not.toContain('sk-new');
  });
});
