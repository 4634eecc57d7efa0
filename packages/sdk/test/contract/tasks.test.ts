import { describe, expect, it } from 'vitest';
import { BusinessError, ValidationError } from '../../src/core/errors.js';
import { useContractEnv } from './setup.js';

const env = useContractEnv();

describe('client.tasks', () => {
  it("lists everyone's tasks for an admin, and only one's own for a user", async () => {
    const all = await env.admin.tasks.list();
    expect(all.items.length).toBeGreaterThan(0);
    const own = await env.alice.tasks.listSelf();
    expect(own.items.every((t) => t.user_id === Number(env.alice.userId))).toBe(true);
  });

  it('filters by every parameter', async () => {
    const sample = (await env.admin.tasks.list()).items[0];
    if (!sample) return;
    const page = await env.admin.tasks.list({
      page: 1,
      pageSize: 10,
      platform: sample.platform,
      task_id: sample.task_id,
      status: sample.status as never,
      action: sample.action,
      channel_id: sample.channel_id,
      start_timestamp: sample.submit_time - 1,
      end_timestamp: sample.submit_time + 1,
    });
    expect(page.items.map((t) => t.id)).toEqual([sample.id]);
  });

  it('refuses common users on the admin list, and an unknown status before sending', async () => {
    await expect(env.alice.tasks.list()).rejects.toBeInstanceOf(BusinessError);
    await expect(env.alice.tasks.listSelf({ status: 'DONE' as never })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});
