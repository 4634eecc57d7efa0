import { describe, expect, it } from 'vitest';
import {
  CHANNEL_TYPES,
  CHANNEL_TYPES_WITH_SPECIAL_FORM,
  channelKeyFormat,
  channelTypeName,
  ChannelStatus,
  isAdmin,
  isRoot,
  LogType,
  Role,
  roleName,
  TaskStatus,
  TokenStatus,
} from './states.js';

describe('roles', () => {
  it('checks admin and root levels', () => {
    expect(isAdmin(Role.Common)).toBe(false);
    expect(isAdmin(Role.Admin)).toBe(true);
    expect(isAdmin(Role.Root)).toBe(true);
    expect(isRoot(Role.Admin)).toBe(false);
    expect(isRoot(100)).toBe(true);
    expect(roleName(10)).toBe('admin');
    expect(roleName(0)).toBe('guest');
  });
});

describe('channel types', () => {
  it('names every type of the contract plus 47 and 48', () => {
    const numbers = Object.keys(CHANNEL_TYPES).map(Number);
    for (const n of [
      1, 2, 3, 4, 5, 8, 11, 14, 15, 16, 17, 18, 19, 20, 23, 24, 25, 26, 27, 31, 33, 41, 46, 47, 48,
    ]) {
      expect(numbers).toContain(n);
    }
    expect(channelTypeName(1)).toBe('OpenAI');
    expect(channelTypeName(14)).toBe('Anthropic');
    expect(channelTypeName(48)).toBe('xAI');
    expect(channelTypeName(999)).toBe('Unknown (999)');
  });

  it('knows the special editors and key formats', () => {
    expect(CHANNEL_TYPES_WITH_SPECIAL_FORM).toEqual([1, 3, 8, 18, 21, 22, 36, 39, 40, 41, 45]);
    expect(channelKeyFormat(18)).toBe('APPID|APISecret|APIKey');
    expect(channelKeyFormat(33)).toBe('Ak|Sk|Region');
    expect(channelKeyFormat(1)).toBeUndefined();
  });
});

describe('states', () => {
  it('uses the wire numbers and strings of new-api', () => {
    expect(ChannelStatus).toEqual({ Enabled: 1, ManuallyDisabled: 2, AutoDisabled: 3 });
    expect(TokenStatus.Exhausted).toBe(4);
    expect(LogType).toMatchObject({ Unknown: 0, TopUp: 1, Consume: 2, Manage: 3, System: 4 });
    expect(TaskStatus.Submitting).toBe('');
  });
});
