/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.js';
import { isMessageKey } from './translate.js';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

// The schema and constant sources, read as text, to find every key they pass to msg().
const sources = import.meta.glob(['../schemas/*.ts', '../constants/*.ts', '!../**/*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

describe('MESSAGES', () => {
  it('has a non-empty Chinese and English text for every key', () => {
    for (const [key, entry] of Object.entries(MESSAGES)) {
      expect(entry.zh.trim(), `${key}.zh`).not.toBe('');
      expect(entry.en.trim(), `${key}.en`).not.toBe('');
    }
  });

  it('uses the same placeholders in both languages', () => {
    for (const [key, entry] of Object.entries(MESSAGES)) {
      expect(placeholders(entry.en), key).toEqual(placeholders(entry.zh));
    }
  });

  it('names keys as <group>.<rule>', () => {
    for (const key of Object.keys(MESSAGES)) expect(key).toMatch(/^[a-z]+\.[a-zA-Z]+$/);
  });

  it('contains every message key the schemas use', () => {
    const files = Object.entries(sources);
    expect(files.length).toBeGreaterThan(10);
    const used = new Set<string>();
    for (const [, text] of files) {
      for (const match of text.matchAll(/msg\('([^']+)'\)|(?:message|Key)\??: '([a-z]+\.[a-zA-Z]+)'/g)) {
        used.add((match[1] ?? match[2]) as string);
      }
    }
    expect(used.size).toBeGreaterThan(80);
    const missing = [...used].filter((key) => !isMessageKey(key));
    expect(missing).toEqual([]);
  });

  it('keeps the new-api wording of the server messages', () => {
    expect(MESSAGES['auth.userBanned'].zh).toBe('用户已被封禁');
    expect(MESSAGES['redemption.invalidCode'].zh).toBe('无效的兑换码');
    expect(MESSAGES['redemption.codeUsed'].zh).toBe('该兑换码已被使用');
    expect(MESSAGES['auth.insufficientPermissions'].zh).toBe('无权进行此操作，权限不足');
    expect(MESSAGES['auth.notLoggedIn'].zh).toBe('无权进行此操作，未登录且未提供 access token');
    expect(MESSAGES['auth.accessTokenInvalid'].zh).toBe('无权进行此操作，access token 无效');
    expect(MESSAGES['user.noAccessSameOrHigher'].zh).toBe('无权获取同级或更高等级用户的信息');
    expect(MESSAGES['user.adminCannotPromote'].zh).toBe('普通管理员用户无法提升其他用户为管理员');
    expect(MESSAGES['user.cannotDisableRoot'].zh).toBe('无法禁用超级管理员用户');
    expect(MESSAGES['token.channelPinForbidden'].zh).toBe('普通用户不支持指定渠道');
    expect(MESSAGES['auth.registerDisabled'].zh).toBe('管理员关闭了注册');
    expect(MESSAGES['auth.passwordLoginDisabled'].zh).toBe('管理员关闭了密码登录');
    expect(MESSAGES['common.tooManyRequests'].en).toBe('too many requests, try later');
    expect(MESSAGES['common.internalError'].en).toBe('server internal error, contact admin');
    expect(MESSAGES['common.nothingChanged'].en).toBe('you seem to have changed nothing');
  });
});
