import { ChannelType, Role } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';

let t: TestApp;
let admin: Caller;

const BAD_BASE_URLS = [
  'javascript:alert(1)',
  'file:///etc/passwd',
  'ftp://example.com',
  'http://exa mple.com',
  'http://example.com/\r\nX-Injected: 1',
  'example.com',
  'http://',
];
const URL_MESSAGE = 'the base URL must be an http:// or https:// address';
const KEY_MESSAGE =
  'a key must not contain control characters (line breaks only separate keys in batch mode)';

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithRole(Role.Admin);
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) =>
  t.call({ method, url, headers: { ...admin.headers, 'accept-language': 'en' }, payload });
const channel = (over: Record<string, unknown>) => ({ name: 'c', key: 'sk-1', models: 'gpt-4o', ...over });
const channelCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('channels')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n,
  );

describe('channel base URL and key input', () => {
  it('creates and updates channels only with an empty or http(s) base URL', async () => {
    const before = await channelCount();
    for (const base_url of BAD_BASE_URLS) {
      const res = await send('POST', '/api/channel/', channel({ base_url }));
      expect(res.statusCode, base_url).toBe(200);
      expect(res.json()).toEqual({ success: false, message: URL_MESSAGE });
    }
    expect(await channelCount()).toBe(before);
    const ok = await send('POST', '/api/channel/', channel({ base_url: 'https://api.example.com/v1/' }));
    const [id] = ok.json().data as number[];
    expect((await send('POST', '/api/channel/', channel({ base_url: '' }))).json().success).toBe(true);
    const custom = channel({ type: ChannelType.Custom, base_url: 'http://127.0.0.1:9/{model}/chat' });
    expect((await send('POST', '/api/channel/', custom)).json().success).toBe(true);
    const put = await send('PUT', '/api/channel/', { id, base_url: 'file:///etc/passwd' });
    expect(put.json()).toEqual({ success: false, message: URL_MESSAGE });
    const row = await t.ctx.db
      .selectFrom('channels')
      .select('base_url')
      .where('id', '=', id!)
      .executeTakeFirst();
    expect(row?.base_url).toBe('https://api.example.com/v1');
  });

  it('refuses control characters within a key, but keeps line breaks as the batch separator', async () => {
    for (const key of ['sk-a\rb', 'sk-\u0000x', 'sk-a\tb', 'sk-\u007f'])
      expect((await send('POST', '/api/channel/', channel({ key }))).json(), JSON.stringify(key)).toEqual({
        success: false,
        message: KEY_MESSAGE,
      });
    const bad = await send('POST', '/api/channel/', channel({ mode: 'batch', key: 'sk-1\nsk-\u0007x' }));
    expect(bad.json().message).toBe(KEY_MESSAGE);
    const batch = await send(
      'POST',
      '/api/channel/',
      channel({ mode: 'batch', key: 'sk-1\r\nsk-2\n\nsk-3\r\n' }),
    );
    const ids = batch.json().data as number[];
    expect(ids).toHaveLength(3);
    const keys = await t.ctx.db
      .selectFrom('channels')
      .select('key')
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(keys.map((k) => t.ctx.secrets.open(k.key))).toEqual(['sk-1', 'sk-2', 'sk-3']);
  });

  it('POST /api/channel/fetch_models answers bad input with 400, not a 502 blaming the upstream', async () => {
    for (const base_url of BAD_BASE_URLS) {
      const res = await send('POST', '/api/channel/fetch_models', { base_url, type: 1, key: 'sk-1' });
      expect(res.statusCode, base_url).toBe(400);
      expect(res.json()).toEqual({ success: false, message: URL_MESSAGE });
    }
    const key = await send('POST', '/api/channel/fetch_models', { base_url: '', type: 1, key: 'sk-\r1' });
    expect(key.statusCode).toBe(400);
    expect(key.json().message).toBe(KEY_MESSAGE);
  });

  it('GET /api/channel/fetch_models/:id refuses a stored base URL that is not http(s)', async () => {
    const [id] = (await send('POST', '/api/channel/', channel({}))).json().data as number[];
    await t.ctx.db
      .updateTable('channels')
      .set({ base_url: 'file:///etc/passwd' })
      .where('id', '=', id!)
      .execute();
    t.ctx.events.emit('channels', [id!]);
    const res = await t.call({
      method: 'GET',
      url: `/api/channel/fetch_models/${id}`,
      headers: { ...admin.headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: false, message: URL_MESSAGE });
  });
});
