import { ChannelSchema } from '@switchboard/sdk';
import { describe, expect, it } from 'vitest';
import { responseTone } from '../lib/response-time';
import { tagResponseTime, toListRows, withExpanded } from '../lib/tag-rows';

const channel = (fields: Record<string, unknown>) => ChannelSchema.parse({ id: 1, ...fields });

describe('response-time bands (spec §4)', () => {
  it('is untested at 0, then green to 1 s, lime to 3 s, yellow to 5 s, red above', () => {
    expect([0, 1, 1000, 1001, 3000, 3001, 5000, 5001].map(responseTone)).toEqual([
      'untested',
      'fast',
      'fast',
      'fair',
      'fair',
      'slow',
      'slow',
      'bad',
    ]);
  });
});

describe('tag mode rows', () => {
  const list = [
    channel({
      id: 1,
      tag: 'a',
      status: 2,
      priority: 5,
      weight: 1,
      group: 'default',
      used_quota: 10,
      response_time: 400,
    }),
    channel({ id: 2, tag: '', status: 1 }),
    channel({
      id: 3,
      tag: 'a',
      status: 1,
      priority: 5,
      weight: 2,
      group: 'vip,default',
      used_quota: 5,
      response_time: 800,
    }),
  ];

  it('folds tagged channels into one summary row and keeps untagged channels as they are', () => {
    const rows = toListRows(list, true);
    expect(rows.map((r) => r.id)).toEqual(['tag:a', 2]);
    const tag = rows[0]!;
    if (tag.kind !== 'tag') throw new Error('expected a tag row');
    expect(tag.channels.map((c) => c.id)).toEqual([1, 3]);
    expect(tag.status).toBe(1);
    expect(tag.group).toBe('default,vip');
    expect(tag.used_quota).toBe(15);
    expect(tag.priority).toBe(5);
    expect(tag.weight).toBeNull();
    // Halving: ((0 + 400) / 2 + 800) / 2.
    expect(tag.response_time).toBe(500);
    expect(tagResponseTime([])).toBe(0);
  });

  it('lists an expanded tag’s channels right under it', () => {
    const rows = withExpanded(toListRows(list, true), new Set(['a']));
    expect(rows.map((r) => r.id)).toEqual(['tag:a', 1, 3, 2]);
  });

  it('leaves channels alone outside tag mode', () => {
    expect(toListRows(list, false).map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
