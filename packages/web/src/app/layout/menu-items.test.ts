import { describe, expect, it } from 'vitest';
import { menuItems } from './menu-items';

const status = {
  chats: [],
  chat_link: '',
  enable_data_export: false,
  enable_drawing: false,
  enable_task: false,
};
const keys = (...args: Parameters<typeof menuItems>) => menuItems(...args).map((i) => i.key);

describe('side menu entries (spec §2)', () => {
  it('hides admin entries and disabled features from a normal user', () => {
    expect(keys({ admin: false, status })).toEqual(['playground', 'token', 'topup', 'log', 'setting']);
  });

  it('shows channel, redemption and user management to admins, in spec order', () => {
    const all = { ...status, enable_data_export: true, enable_drawing: true, enable_task: true };
    expect(keys({ admin: true, status: all })).toEqual([
      'playground',
      'channel',
      'token',
      'detail',
      'redemption',
      'topup',
      'user',
      'log',
      'midjourney',
      'task',
      'setting',
    ]);
  });

  it('adds the audit trail for the super admin only', () => {
    expect(keys({ admin: true, status })).not.toContain('audit');
    const root = keys({ admin: true, root: true, status });
    expect(root.slice(root.indexOf('log'), root.indexOf('log') + 2)).toEqual(['log', 'audit']);
  });

  it('builds the chat entry from the stored chats: straight to /chat/0 with one, a sub-item per chat with more', () => {
    const one = menuItems({ admin: false, status: { ...status, chats: [{ Web: 'https://x/{key}' }] } });
    expect(one.find((i) => i.key === 'chat')?.to).toBe('/chat/0');
    expect(one.find((i) => i.key === 'chat')?.children).toBeUndefined();
    const two = menuItems({ admin: false, status: { ...status, chats: [{ A: 'a' }, { B: 'b' }] } });
    expect(two.find((i) => i.key === 'chat')?.children).toEqual([
      { label: 'A', to: '/chat/0' },
      { label: 'B', to: '/chat/1' },
    ]);
    const link = menuItems({
      admin: false,
      status: { ...status, chats: [{ A: 'a' }], chat_link: 'https://chat' },
    });
    expect(link.find((i) => i.key === 'chat')?.to).toBe('/chat');
    expect(link.find((i) => i.key === 'chat')?.children).toBeUndefined();
  });
});
