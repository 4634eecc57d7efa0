import { LOG_COUNT } from '@switchboard/mock-server';
import { describe, expect, it } from 'vitest';
import { AuthenticationError, BusinessError, ValidationError } from '../../src/core/errors.js';
import { LogType } from '../../src/index.js';
import { useContractEnv } from './setup.js';

const env = useContractEnv();

describe('client.logs', () => {
  it('walks every log with for await, 100 a page, reaching the total the server reports', async () => {
    const first = await env.admin.logs.list({ pageSize: 100 });
    if (!env.live) expect(first.total).toBe(LOG_COUNT);
    const ids = new Set<number>();
    for await (const log of env.admin.logs.list({ pageSize: 100 })) ids.add(log.id);
    expect(ids.size).toBe(first.total);
    let pages = 0;
    for await (const page of first.iterPages()) {
      pages += 1;
      expect(page.items.length).toBeLessThanOrEqual(100);
    }
    expect(pages).toBe(Math.ceil(first.total! / 100));
  });

  it('lists with every filter', async () => {
    const sample = (await env.admin.logs.list({ type: LogType.Consume, pageSize: 1 })).items[0]!;
    const page = await env.admin.logs.list({
      page: 1,
      pageSize: 20,
      type: LogType.Consume,
      username: sample.username,
      token_name: sample.token_name,
      model_name: sample.model_name,
      channel: sample.channel,
      group: sample.group,
      start_timestamp: sample.created_at - 1,
      end_timestamp: sample.created_at + 1,
    });
    expect(page.items.map((l) => l.id)).toContain(sample.id);
    for (const log of page.items)
      expect(log).toMatchObject({ type: LogType.Consume, username: sample.username });
  });

  it("lists only the caller's own logs on the self route, whatever username is asked", async () => {
    const me = await env.alice.users.self.get();
    const page = await env.alice.logs.listSelf({ pageSize: 100, username: 'root' });
    expect(page.items.every((l) => l.user_id === me.id)).toBe(true);
    expect(await env.alice.logs.listSelf()).toMatchObject({ total: page.total });
  });

  it('searches by type, for everyone and for oneself', async () => {
    const all = await env.admin.logs.search({ keyword: String(LogType.Consume) });
    expect(all.items.every((l) => l.type === LogType.Consume)).toBe(true);
    const own = await env.alice.logs.searchSelf({ keyword: String(LogType.Consume) });
    expect(own.items.every((l) => l.user_id === Number(env.alice.userId))).toBe(true);
    expect((await env.admin.logs.search()).items.length).toBeGreaterThan(0);
  });

  it('sums the quota of a filter, for everyone and for oneself', async () => {
    const total = await env.admin.logs.stat();
    const consume = await env.admin.logs.stat({
      type: LogType.Consume,
      start_timestamp: 0,
      end_timestamp: 2 ** 31,
    });
    expect(consume.quota).toBe(total.quota);
    const own = await env.alice.logs.statSelf();
    expect(own.quota).toBeLessThanOrEqual(total.quota);
    // A live server's freshly created user has no usage yet.
    if (!env.live) expect(own.quota).toBeGreaterThan(0);
  });

  it('deletes the logs older than a time and returns the count', async () => {
    expect(await env.admin.logs.delete(1)).toBe(0);
    // Never delete real history on a live server.
    if (env.live) return;
    const oldest = (await env.admin.logs.list({ pageSize: 100 })).total!;
    const cut = Math.floor(Date.now() / 1000) - 20 * 86_400;
    const deleted = await env.admin.logs.delete(cut);
    expect((await env.admin.logs.list()).total).toBe(oldest - deleted);
  });

  it('refuses common users, a bad type before sending, and strangers', async () => {
    await expect(env.alice.logs.list()).rejects.toBeInstanceOf(BusinessError);
    await expect(env.alice.logs.delete(1)).rejects.toBeInstanceOf(BusinessError);
    await expect(env.admin.logs.list({ type: 9 as never })).rejects.toBeInstanceOf(ValidationError);
    await expect(env.admin.logs.list({ start_timestamp: 10, end_timestamp: 5 })).rejects.toBeInstanceOf(
      ValidationError,
    );
    await expect(env.anonymous.logs.listSelf()).rejects.toBeInstanceOf(AuthenticationError);
  });
  // listByToken (GET /api/log/token?key=) is not served by Switchboard yet (reported).
});
