import { describe, expect, it } from 'vitest';
import { ConsoleClient, type ConsoleAnswer } from '../helpers/console-client.js';
import { seeded, useContractEnv } from './setup.js';

/**
 * Replays the calls new-api 0.4.8.8.3's own console makes (spec §7), with its exact methods, paths, queries,
 * bodies and headers, and checks the statuses and shapes that console reads. Needs mock-server's fixtures.
 */
const env = useContractEnv();
const live = Boolean(process.env['API_BASE_URL']);

const ok = (answer: ConsoleAnswer) => {
  expect(answer.status).toBe(200);
  expect(answer.body, answer.body?.message).toMatchObject({ success: true });
  return answer.body.data;
};
const refused = (answer: ConsoleAnswer) => {
  expect(answer.status).toBe(200);
  expect(answer.body.success).toBe(false);
  return answer.body.message as string;
};
const now = () => Math.floor(Date.now() / 1000);

async function asRoot(): Promise<ConsoleClient> {
  const c = new ConsoleClient(env.url);
  const { root } = seeded(env).users;
  ok(await c.login(root.username, root.password));
  return c;
}

describe.skipIf(live)('the 0.4.8.8.3 console against this server', () => {
  it('starts up, registers with aff_code null, logs in and reads its own account', async () => {
    const c = new ConsoleClient(env.url);
    expect(ok(await c.get('/api/status'))).toMatchObject({ quota_per_unit: 500000 });
    const body = {
      username: 'consol1',
      password: 'password123',
      password2: 'password123',
      email: '',
      verification_code: '',
      aff_code: null,
    };
    expect((await c.post('/api/user/register?turnstile=', body)).body).toEqual({
      success: true,
      message: '',
    });
    expect(refused(await c.login('consol1', 'wrong-password'))).toBe('用户名或密码错误');
    const user = ok(await c.login('consol1', 'password123'));
    expect(user).toMatchObject({ username: 'consol1', role: 1, status: 1 });
    expect(ok(await c.get('/api/user/self'))).toMatchObject({ id: user.id, username: 'consol1' });
    expect(typeof ok(await c.get('/api/user/aff'))).toBe('string');
    expect(typeof ok(await c.get('/api/user/token'))).toBe('string');
    expect(Array.isArray(ok(await c.get('/api/user/models')))).toBe(true);
    expect(ok(await c.get('/api/user/self/groups'))).toHaveProperty('default');
    const setting = {
      notify_type: 'email',
      quota_warning_threshold: 100000,
      webhook_url: '',
      webhook_secret: '',
      notification_email: '',
    };
    ok(await c.put('/api/user/setting', setting));
    // An admin route: HTTP 200 with new-api's words, never a status the console would treat as a lost session.
    expect(refused(await c.get('/api/channel/?p=0&page_size=10&id_sort=false&tag_mode=false'))).toBe(
      '无权进行此操作，权限不足',
    );
    ok(await c.get('/api/user/logout'));
    const after = await c.get('/api/user/self');
    expect(after.status).toBe(401);
  });

  it('refuses a missing or wrong New-API-User with 401, as new-api does', async () => {
    const c = await asRoot();
    c.userId = -1;
    expect((await c.get('/api/user/self')).status).toBe(401);
  });

  it('manages channels: bare-array list with 0-based p, search, edit, delete with a trailing slash', async () => {
    const c = await asRoot();
    expect(typeof ok(await c.get('/api/models'))).toBe('object');
    expect(Array.isArray(ok(await c.get('/api/channel/models_enabled')))).toBe(true);
    expect(ok(await c.get('/api/channel/models'))[0]).toHaveProperty('id');
    const channel = {
      name: 'console-ch',
      type: 1,
      key: 'sk-console',
      base_url: '',
      other: '',
      models: 'gpt-4o-mini',
      group: 'default',
      model_mapping: '',
      groups: ['default'],
      auto_ban: 1,
      priority: 0,
      weight: 0,
      tag: '',
    };
    ok(await c.post('/api/channel/', channel));
    const list = ok(await c.get('/api/channel/?p=0&page_size=10&id_sort=false&tag_mode=false'));
    expect(Array.isArray(list)).toBe(true);
    const found = ok(
      await c.get('/api/channel/search?keyword=console-ch&group=&model=&id_sort=false&tag_mode=false'),
    );
    expect(found.map((ch: { name: string }) => ch.name)).toEqual(['console-ch']);
    const id = found[0].id;
    expect(ok(await c.get(`/api/channel/${id}`))).toMatchObject({ id, name: 'console-ch' });
    ok(await c.put('/api/channel/', { id, priority: 5 }));
    ok(await c.put('/api/channel/', { id, status: 2 }));
    ok(await c.post('/api/channel/fix'));
    ok(await c.delete(`/api/channel/${id}/`));
    expect(refused(await c.get(`/api/channel/${id}`))).toBeTruthy();
    expect(typeof ok(await c.delete('/api/channel/disabled'))).toBe('number');
  });

  it('manages tokens: p=0&size, the chat pages’ p=0&size=100, status toggle, delete with a trailing slash', async () => {
    const c = await asRoot();
    const token = {
      name: 'console-tk',
      remain_quota: 500000,
      expired_time: -1,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '',
      group: '',
    };
    ok(await c.post('/api/token/', token));
    const page = ok(await c.get('/api/token/?p=0&size=10'));
    expect(Array.isArray(page)).toBe(true);
    const chat = ok(await c.get('/api/token/?p=0&size=100'));
    const mine = chat.find((t: { name: string }) => t.name === 'console-tk');
    expect(mine.key).toMatch(/^[0-9A-Za-z]{4}\*+[0-9A-Za-z]{4}$/);
    expect(
      ok(await c.get('/api/token/search?keyword=console&token=')).map((t: { id: number }) => t.id),
    ).toEqual([mine.id]);
    expect(ok(await c.get(`/api/token/${mine.id}`))).toMatchObject({ id: mine.id });
    expect(ok(await c.put('/api/token/?status_only=true', { id: mine.id, status: 2 }))).toMatchObject({
      status: 2,
    });
    ok(await c.put('/api/token/', { ...mine, name: 'console-tk2', status: 1 }));
    ok(await c.delete(`/api/token/${mine.id}/`));
  });

  it('manages redemption codes and tops up, with new-api’s message for a used code', async () => {
    const c = await asRoot();
    const keys = ok(await c.post('/api/redemption/', { name: 'console', quota: 100000, count: 2 }));
    expect(keys).toHaveLength(2);
    const list = ok(await c.get('/api/redemption/?p=0&page_size=10'));
    expect(list).toMatchObject({ page: expect.any(Number), total: expect.any(Number) });
    const found = ok(await c.get('/api/redemption/search?keyword=console&p=0&page_size=10')).items;
    expect(found.length).toBeGreaterThanOrEqual(2);
    const first = found[0];
    expect(ok(await c.get(`/api/redemption/${first.id}`))).toMatchObject({ id: first.id });
    ok(await c.put('/api/redemption/', { id: first.id, name: 'console', quota: 200000 }));
    ok(await c.put('/api/redemption/?status_only=true', { id: first.id, status: 2 }));
    const unused = keys.find((k: string) => k !== first.key);
    expect(ok(await c.post('/api/user/topup', { key: unused }))).toBe(100000);
    expect(refused(await c.post('/api/user/topup', { key: unused }))).toBe('该兑换码已被使用');
    expect(refused(await c.post('/api/user/topup', { key: 'f'.repeat(32) }))).toBe('无效的兑换码');
    ok(await c.delete(`/api/redemption/${first.id}/`));
  });

  it('administers users and options', async () => {
    const c = await asRoot();
    const users = ok(await c.get('/api/user/?p=0&page_size=10'));
    expect(users).toMatchObject({ items: expect.any(Array), total: expect.any(Number), page: 1 });
    const found = ok(await c.get('/api/user/search?keyword=alice&group=&p=0&page_size=10'));
    const alice = found.items.find((u: { username: string }) => u.username === 'alice');
    expect(ok(await c.get(`/api/user/${alice.id}`))).toMatchObject({ username: 'alice' });
    ok(await c.post('/api/user/', { username: 'console2', display_name: 'c2', password: 'password123' }));
    expect(ok(await c.post('/api/user/manage', { id: alice.id, action: 'disable' }))).toMatchObject({
      status: 2,
    });
    ok(await c.post('/api/user/manage', { id: alice.id, action: 'enable' }));
    ok(
      await c.put('/api/user/', {
        id: alice.id,
        username: 'alice',
        display_name: 'Alice',
        group: 'default',
        quota: 1000,
        password: '',
      }),
    );
    expect(Array.isArray(ok(await c.get('/api/group/')))).toBe(true);
    const options = ok(await c.get('/api/option/'));
    expect(options).toContainEqual(expect.objectContaining({ key: 'Notice' }));
    ok(await c.put('/api/option/', { key: 'Notice', value: 'hello' }));
    expect(ok(await c.get('/api/notice'))).toBe('hello');
  });

  it('reads logs, drawings and tasks with the console’s empty and NaN parameters', async () => {
    const c = await asRoot();
    const from = now() - 86400;
    const to = now() + 3600;
    const filters = `type=0&username=&token_name=&model_name=&start_timestamp=${from}&end_timestamp=${to}`;
    const logs = ok(await c.get(`/api/log/?p=1&page_size=10&${filters}&channel=&group=`));
    expect(logs).toMatchObject({
      items: expect.any(Array),
      total: expect.any(Number),
      page: 1,
      page_size: 10,
    });
    expect(ok(await c.get(`/api/log/stat?${filters}&channel=&group=`))).toMatchObject({
      quota: expect.any(Number),
    });
    const self = `type=0&token_name=&model_name=&start_timestamp=${from}&end_timestamp=${to}&group=`;
    expect(ok(await c.get(`/api/log/self/?p=1&page_size=10&${self}`))).toMatchObject({
      items: expect.any(Array),
    });
    expect(ok(await c.get(`/api/log/self/stat?${self}`))).toMatchObject({ rpm: expect.any(Number) });
    const ms = `start_timestamp=${from * 1000}&end_timestamp=${to * 1000}`;
    expect(Array.isArray(ok(await c.get(`/api/mj/?p=0&channel_id=&mj_id=&${ms}`)))).toBe(true);
    expect(Array.isArray(ok(await c.get(`/api/mj/self/?p=0&mj_id=&${ms}`)))).toBe(true);
    const tasks = `task_id=&start_timestamp=${from}&end_timestamp=NaN`;
    expect(Array.isArray(ok(await c.get(`/api/task/?p=0&channel_id=&${tasks}`)))).toBe(true);
    expect(Array.isArray(ok(await c.get(`/api/task/self?p=0&${tasks}`)))).toBe(true);
    const data = `start_timestamp=${from}&end_timestamp=${to}&default_time=hour`;
    expect(Array.isArray(ok(await c.get(`/api/data/?username=&${data}`)))).toBe(true);
    expect(Array.isArray(ok(await c.get(`/api/data/self/?${data}`)))).toBe(true);
    const pricing = await c.get('/api/pricing');
    expect(pricing.body).toMatchObject({
      success: true,
      data: expect.any(Array),
      group_ratio: expect.any(Object),
    });
    expect(typeof ok(await c.delete(`/api/log/?target_timestamp=${now() - 400 * 86400}`))).toBe('number');
  });
});
