import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { formatZodError } from '../i18n/translate.js';
import { RegisterParamsSchema } from './auth.js';
import {
  ChannelBatchTagParamsSchema,
  ChannelCreateParamsSchema,
  ChannelTagEditParamsSchema,
  ChannelUpdateParamsSchema,
} from './channel-params.js';
import { OptionUpdateParamsSchema } from './option.js';
import { isPlainText } from './plain-text.js';
import { RedemptionCreateParamsSchema, RedemptionUpdateParamsSchema } from './redemption.js';
import { TokenCreateParamsSchema, TokenUpdateParamsSchema } from './token.js';
import { SelfUpdateParamsSchema, UserCreateParamsSchema, UserUpdateParamsSchema } from './user-params.js';

const channel = { type: 1, name: 'main', key: 'sk-abc', models: 'gpt-4o' };
const UNSAFE = [
  'a\u001b]0;x\u0007b',
  'a\tb',
  'a\nb',
  'a\u007fb',
  'a\u009bb',
  'a\u202eb',
  'a\u2066b',
  'a\u2028b',
];

// Each name-like field of a request schema, as a function of the text to put in it.
const FIELDS: [string, z.ZodType, (text: string) => unknown][] = [
  ['register username', RegisterParamsSchema, (t) => ({ username: t, password: 'secret123' })],
  ['admin create username', UserCreateParamsSchema, (t) => ({ username: t, password: 'secret123' })],
  [
    'admin create display_name',
    UserCreateParamsSchema,
    (t) => ({ username: 'u', password: 'secret123', display_name: t }),
  ],
  ['admin update username', UserUpdateParamsSchema, (t) => ({ id: 2, username: t })],
  ['admin update display_name', UserUpdateParamsSchema, (t) => ({ id: 2, display_name: t })],
  ['admin update group', UserUpdateParamsSchema, (t) => ({ id: 2, group: t })],
  ['self username', SelfUpdateParamsSchema, (t) => ({ username: t })],
  ['self display_name', SelfUpdateParamsSchema, (t) => ({ display_name: t })],
  ['token name', TokenCreateParamsSchema, (t) => ({ name: t })],
  ['token group', TokenCreateParamsSchema, (t) => ({ name: 'ci', group: t })],
  ['token rename', TokenUpdateParamsSchema, (t) => ({ id: 1, name: t })],
  ['token regroup', TokenUpdateParamsSchema, (t) => ({ id: 1, group: t })],
  ['redemption name', RedemptionCreateParamsSchema, (t) => ({ name: t })],
  ['redemption rename', RedemptionUpdateParamsSchema, (t) => ({ id: 1, name: t })],
  ['channel name', ChannelCreateParamsSchema, (t) => ({ ...channel, name: t })],
  ['channel group', ChannelCreateParamsSchema, (t) => ({ ...channel, group: t })],
  ['channel models', ChannelCreateParamsSchema, (t) => ({ ...channel, models: t })],
  ['channel tag', ChannelCreateParamsSchema, (t) => ({ ...channel, tag: t })],
  ['channel rename', ChannelUpdateParamsSchema, (t) => ({ id: 1, name: t })],
  ['channel retag', ChannelUpdateParamsSchema, (t) => ({ id: 1, tag: t })],
  ['batch tag', ChannelBatchTagParamsSchema, (t) => ({ ids: [1], tag: t })],
  ['tag rename', ChannelTagEditParamsSchema, (t) => ({ tag: 'a', new_tag: t })],
  ['tag groups', ChannelTagEditParamsSchema, (t) => ({ tag: 'a', groups: t })],
  [
    'group ratio names',
    OptionUpdateParamsSchema,
    (t) => ({ key: 'GroupRatio', value: JSON.stringify({ [t]: 1 }) }),
  ],
  [
    'usable group names',
    OptionUpdateParamsSchema,
    (t) => ({ key: 'UserUsableGroups', value: JSON.stringify({ [t]: 'x' }) }),
  ],
];

describe('name-like fields refuse control characters', () => {
  it.each(FIELDS)('%s', (_label, schema, input) => {
    expect(schema.safeParse(input('plain-1')).success).toBe(true);
    for (const text of UNSAFE) {
      const result = schema.safeParse(input(text));
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(formatZodError(result.error!, 'en')).toBe(
        'names must not contain control characters (such as line breaks, tabs or ESC) or text-direction controls',
      );
    }
  });

  it('leaves the right-to-left marks and ordinary Unicode alone', () => {
    expect(isPlainText('שלום\u200f')).toBe(true);
    expect(isPlainText('مرحبا\u061c')).toBe(true);
    expect(isPlainText('渠道 – ü')).toBe(true);
    expect(TokenCreateParamsSchema.parse({ name: '\t ci \n' }).name).toBe('ci');
  });
});
