import { describe, expect, it } from 'vitest';
import { ConsoleClient, type ConsoleAnswer } from '../helpers/console-client.js';
import { seeded, useContractEnv } from './setup.js';

/** The rest of the 0.4.8.8.3 console's calls (spec §7): channel operations, tags, settings, account flows. */
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

async function as(user: 'root' | 'alice'): Promise<ConsoleClient> {
  const c = new ConsoleClient(env.url);
  const who = seeded(env).users[user];
  ok(await c.login(who.username, who.password));
  return c;
}

describe.skipIf(live)('more of the 0.4.8.8.3 console against this server', () => {
  it('tests channels, reads balances and upstream models, answering top-level fields', async () => {
    const c = await as('root');
    const [first] = ok(
      await c.get('/api/channel/search?keyword=openai-primary&group=&model=&id_sort=false&tag_mode=false'),
    );
    const tested = await c.get(`/api/channel/test/${first.id}?model=`);
    expect(tested.status).toBe(200);
    expect(tested.body).toMatchObject({ success: expect.any(Boolean), message: expect.any(String) });
    expect(tested.body).toHaveProperty('time');
    const balance = await c.get(`/api/channel/update_balance/${first.id}/`);
    expect(balance.status).toBe(200);
    expect(typeof balance.body.success).toBe('boolean');
    expect(Array.isArray(ok(await c.get(`/api/channel/fetch_models/${first.id}`)))).toBe(true);
    const bad = await c.post('/api/channel/fetch_models', { base_url: '', type: 'x' });
    expect([bad.status, bad.body.success]).toEqual([400, false]);
    expect((await c.get('/api/channel/test')).status).toBe(200);
    expect((await c.get('/api/channel/update_balance')).status).toBe(200);
  });

  it('edits tags and batches of channels', async () => {
    const c = await as('root');
    const base = {
      type: 1,
      key: 'sk-batch',
      base_url: '',
      other: '',
      models: 'gpt-4o-mini',
      group: 'default',
      model_mapping: '',
      auto_ban: 1,
      priority: 0,
      weight: 0,
    };
    ok(await c.post('/api/channel/', { ...base, name: 'batch-a' }));
    ok(await c.post('/api/channel/', { ...base, name: 'batch-b' }));
    const found = ok(
      await c.get('/api/channel/search?keyword=batch-&group=&model=&id_sort=true&tag_mode=false'),
    );
    const ids = found.map((ch: { id: number }) => ch.id);
    expect(ok(await c.post('/api/channel/batch/tag', { ids, tag: 'console-tag' }))).toBe(2);
    ok(await c.post('/api/channel/tag/disabled', { tag: 'console-tag' }));
    ok(await c.post('/api/channel/tag/enabled', { tag: 'console-tag' }));
    ok(await c.put('/api/channel/tag', { tag: 'console-tag', new_tag: null, priority: 3 }));
    ok(
      await c.put('/api/channel/tag', {
        tag: 'console-tag',
        new_tag: 'console-tag',
        model_mapping: '',
        groups: 'default',
        models: 'gpt-4o-mini',
      }),
    );
    expect(ok(await c.post('/api/channel/batch', { ids }))).toBe(2);
  });

  it('resets the model ratios', async () => {
    const c = await as('root');
    ok(await c.post('/api/option/rest_model_ratio'));
  });

  it('runs the personal settings: profile, password, invitation transfer, account deletion', async () => {
    const root = await as('root');
    ok(await root.post('/api/user/', { username: 'console3', display_name: 'c3', password: 'password123' }));
    const c = new ConsoleClient(env.url);
    ok(await c.login('console3', 'password123'));
    ok(await c.put('/api/user/self', { username: 'console3', display_name: 'Console 3' }));
    expect(ok(await c.get('/api/user/self'))).toMatchObject({ display_name: 'Console 3' });
    expect(refused(await c.post('/api/user/aff_transfer', { quota: 500000 }))).toBeTruthy();
    const emailBind = await c.get('/api/oauth/email/bind?email=c3@example.com&code=123456');
    expect(refused(emailBind)).toBe('验证码错误或已过期');
    ok(
      await c.put('/api/user/self', {
        username: 'console3',
        display_name: 'Console 3',
        password: 'password456',
        original_password: 'password123',
      }),
    );
    ok(await c.login('console3', 'password456'));
    ok(await c.delete('/api/user/self'));
    expect(refused(await c.login('console3', 'password456'))).toBe('用户名或密码错误');
  });

  it('answers the password-reset pages in new-api’s words', async () => {
    const c = new ConsoleClient(env.url);
    expect(
      refused(await c.post('/api/user/reset', { email: 'alice@example.com', token: 'f'.repeat(32) })),
    ).toBe('重置链接非法或已过期');
    expect(refused(await c.get('/api/verification?email=&turnstile='))).toBeTruthy();
  });

  it('saves the edit forms as the console does: the loaded record sent back whole', async () => {
    const c = await as('root');
    // Channel editor: GET, models/groups split into arrays, then PUT everything with models/group re-joined.
    const [listed] = ok(
      await c.get('/api/channel/search?keyword=openai-backup&group=&model=&id_sort=false&tag_mode=false'),
    );
    const channel = ok(await c.get(`/api/channel/${listed.id}`));
    const inputs = { ...channel, models: channel.models.split(','), groups: channel.group.split(',') };
    const put = {
      ...inputs,
      models: inputs.models.join(','),
      group: inputs.groups.join(','),
      auto_ban: 1,
      id: listed.id,
      weight: 7,
    };
    ok(await c.put('/api/channel/', put));
    expect(ok(await c.get(`/api/channel/${listed.id}`))).toMatchObject({ weight: 7, models: channel.models });
    // Token editor: GET, model_limits split, then PUT with them re-joined and the integer remain_quota.
    ok(
      await c.post('/api/token/', {
        name: 'edit-tk',
        remain_quota: 1000,
        expired_time: -1,
        unlimited_quota: false,
        model_limits_enabled: false,
        model_limits: '',
        allow_ips: '',
        group: '',
      }),
    );
    const [tk] = ok(await c.get('/api/token/search?keyword=edit-tk&token='));
    const token = ok(await c.get(`/api/token/${tk.id}`));
    const tokenPut = {
      ...token,
      model_limits: '',
      remain_quota: parseInt('2000'),
      name: 'edit-tk2',
      id: tk.id,
    };
    expect(ok(await c.put('/api/token/', tokenPut))).toMatchObject({ name: 'edit-tk2', remain_quota: 2000 });
    // User editor: GET, password blanked, PUT the whole user with the id.
    const users = ok(await c.get('/api/user/search?keyword=bob&group=&p=0&page_size=10')).items;
    const bob = ok(await c.get(`/api/user/${users[0].id}`));
    ok(await c.put('/api/user/', { ...bob, password: '', display_name: 'Bobby', id: bob.id }));
    expect(ok(await c.get(`/api/user/${bob.id}`))).toMatchObject({ display_name: 'Bobby' });
    // Redemption editor: GET, PUT with the id and the integer quota.
    const [key] = ok(await c.post('/api/redemption/', { name: 'edit-rd', quota: 1000, count: 1 }));
    const rd = ok(await c.get('/api/redemption/search?keyword=edit-rd&p=0&page_size=10')).items[0];
    const loaded = ok(await c.get(`/api/redemption/${rd.id}`));
    expect(loaded.key).toBe(key);
    ok(await c.put('/api/redemption/', { ...loaded, name: 'edit-rd2', quota: parseInt('3000'), id: rd.id }));
  });
});
