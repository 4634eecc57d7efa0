import { describe, expect, it } from 'vitest';
import { BusinessError, ValidationError } from '../../src/core/errors.js';
import { useContractEnv } from './setup.js';

const env = useContractEnv();
const now = Math.floor(Date.now() / 1000);
const DAY = 86_400;

describe('client.data', () => {
  it('lists usage rows of a window (required params only)', async () => {
    const page = await env.admin.data.list({ start_timestamp: now - 30 * DAY, end_timestamp: now });
    expect(page.items.length).toBeGreaterThan(0);
    for (const row of page.items) {
      expect(row.created_at).toBeGreaterThanOrEqual(now - 31 * DAY);
      expect(row.created_at % 3600).toBe(0);
    }
  });

  it("filters by username, and matches the user's own rows", async () => {
    const me = await env.alice.users.self.get();
    const window = { start_timestamp: now - 29 * DAY, end_timestamp: now };
    const own = await env.alice.data.listSelf(window);
    const byName = await env.admin.data.list({ ...window, username: me.username });
    const sum = (rows: { quota: number }[]) => rows.reduce((n, r) => n + r.quota, 0);
    expect(own.items.every((r) => r.user_id === me.id)).toBe(true);
    expect(sum(byName.items)).toBe(sum(own.items));
    // A live server's freshly created user has no usage yet.
    if (!env.live) expect(sum(own.items)).toBeGreaterThan(0);
  });

  it('refuses a reversed window before sending, a self window over 30 days, and common users', async () => {
    await expect(
      env.admin.data.list({ start_timestamp: now, end_timestamp: now - DAY }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      env.alice.data.listSelf({ start_timestamp: now - 40 * DAY, end_timestamp: now }),
    ).rejects.toBeInstanceOf(BusinessError);
    await expect(
      env.alice.data.list({ start_timestamp: now - DAY, end_timestamp: now }),
    ).rejects.toBeInstanceOf(BusinessError);
  });

  it('ranks users and channels by quota in a window (required params only)', async () => {
    const window = { start_timestamp: now - 30 * DAY, end_timestamp: now };
    const users = await env.admin.data.byUser(window);
    const channels = await env.admin.data.byChannel(window);
    for (const list of [users, channels]) {
      expect(list.length).toBeLessThanOrEqual(100);
      const quotas = list.map((r) => r.quota);
      expect(quotas).toEqual([...quotas].sort((a, b) => b - a));
    }
    if (!env.live) {
      expect(users.length).toBeGreaterThan(0);
      expect(channels.some((c) => c.channel_name !== '')).toBe(true);
    }
    // The ranking agrees with the per-user dashboard rows.
    const top = users[0];
    if (top) {
      const rows = await env.admin.data.list({ ...window, username: top.username });
      expect(rows.items.reduce((n, r) => n + r.quota, 0)).toBe(top.quota);
    }
  });

  it('refuses a reversed ranking window before sending, and common users', async () => {
    await expect(
      env.admin.data.byUser({ start_timestamp: now, end_timestamp: now - DAY }),
    ).rejects.toBeInstanceOf(ValidationError);
    await expect(
      env.alice.data.byChannel({ start_timestamp: now - DAY, end_timestamp: now }),
    ).rejects.toBeInstanceOf(BusinessError);
  });
});
