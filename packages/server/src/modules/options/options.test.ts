import { isSecretOptionKey, OPTION_DEFAULTS, Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';

let t: TestApp;
let root: Caller;
let admin: Caller;

beforeAll(async () => {
  t = await createTestApp();
  root = await t.root();
  admin = await t.userWithRole(Role.Admin);
});
afterAll(() => t.close());

const put = (payload: unknown, who: Caller = root) =>
  t.call({
    method: 'PUT',
    url: '/api/option/',
    headers: { ...who.headers, 'accept-language': 'en' },
    payload: payload as object,
  });

describe('GET /api/option/', () => {
  it('lists options without any secret', async () => {
    await t.ctx.options.set('GitHubClientSecret', 'shh');
    const body = (await t.call({ method: 'GET', url: '/api/option/', headers: root.headers })).json();
    expect(body.success).toBe(true);
    const keys = body.data.map((e: { key: string }) => e.key);
    expect(keys).toContain('SystemName');
    expect(keys.some(isSecretOptionKey)).toBe(false);
    expect(JSON.stringify(body)).not.toContain('shh');
  });

  it('is root only', async () => {
    expectRefusal(await t.call({ method: 'GET', url: '/api/option/', headers: admin.headers }));
  });
});

describe('PUT /api/option/', () => {
  it('saves an option that takes effect at once', async () => {
    expect((await put({ key: 'SystemName', value: 'Hub' })).json()).toMatchObject({ success: true });
    expect((await t.call({ method: 'GET', url: '/api/status' })).json().data.system_name).toBe('Hub');
  });

  it('strips an address trailing slash', async () => {
    await put({ key: 'ServerAddress', value: 'https://gw.example.com/' });
    expect(t.ctx.options.get('ServerAddress')).toBe('https://gw.example.com');
  });

  it('rejects bad values and unknown keys', async () => {
    const badJson = await put({ key: 'ModelRatio', value: '{oops' });
    expectRefusal(badJson);
    expect(badJson.json().message).toContain('not a valid JSON string');
    expectRefusal(await put({ key: 'GroupRatio', value: '{"vip":-1}' }));
    expectRefusal(await put({ key: 'SMTPPort', value: '70000' }));
    expectRefusal(await put({ key: 'RegisterEnabled', value: 'yes' }));
    expectRefusal(await put({ key: 'SystemName', value: 5 }));
    expectRefusal(await put({ key: 'NoSuchOption', value: 'x' }));
  });

  it('saves the prompt-cache ratio maps and rejects negative or non-numeric ratios', async () => {
    expect((await put({ key: 'CacheRatio', value: '{"claude-*":0.2}' })).json().success).toBe(true);
    expect(t.ctx.options.json('CacheRatio', {})).toEqual({ 'claude-*': 0.2 });
    const negative = await put({ key: 'CreateCacheRatio', value: '{"claude-*":-1}' });
    expectRefusal(negative);
    expectRefusal(await put({ key: 'CacheRatio', value: '{"gpt-4o":"0.5"}' }));
    expect(t.ctx.options.get('CreateCacheRatio')).toBe('{}');
  });

  it('guards switching on a login method without its credentials', async () => {
    const res = await put({ key: 'LinuxDOOAuthEnabled', value: 'true' });
    expectRefusal(res);
    expect(t.ctx.options.bool('LinuxDOOAuthEnabled')).toBe(false);
    await put({ key: 'LinuxDOClientId', value: 'id' });
    await put({ key: 'LinuxDOClientSecret', value: 'secret' });
    expect((await put({ key: 'LinuxDOOAuthEnabled', value: 'true' })).json().success).toBe(true);
  });

  it('is root only', async () => {
    expectRefusal(await put({ key: 'SystemName', value: 'x' }, admin));
  });
});

describe('POST /api/option/rest_model_ratio', () => {
  const reset = (who: Caller) =>
    t.call({ method: 'POST', url: '/api/option/rest_model_ratio', headers: who.headers });

  it('restores the default ratios', async () => {
    await put({ key: 'ModelRatio', value: '{"x":1}' });
    const body = (await reset(root)).json();
    expect(body).toMatchObject({ success: true, message: '重置模型倍率成功' });
    expect(t.ctx.options.get('ModelRatio')).toBe(OPTION_DEFAULTS.ModelRatio);
  });

  it('is root only', async () => {
    expectRefusal(await reset(admin));
  });
});
