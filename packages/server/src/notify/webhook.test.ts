import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { sendWebhook, type WebhookPayload } from './webhook.js';

const hmac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

const payload: WebhookPayload = {
  type: 'quota_exceed',
  title: '您的额度即将用尽',
  content: '您的额度即将用尽，当前剩余额度为 $0.001800',
  values: ['您的额度即将用尽', '$0.001800'],
  timestamp: 1_700_000_000,
};

describe('sendWebhook', () => {
  let t: TestApp;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({ config: { webhookAllowPrivate: true } });
    hook = await startWebhookReceiver();
  });
  afterAll(async () => {
    await hook.close();
    await t.close();
  });
  beforeEach(async () => {
    hook.hooks.length = 0;
    hook.answer(204);
    await t.ctx.options.set('WorkerUrl', '');
    await t.ctx.options.set('WorkerValidKey', '');
  });

  it('POSTs the JSON payload signed with HMAC-SHA256 of the exact body', async () => {
    await sendWebhook(t.ctx, { url: `${hook.url}/notify?x=1`, secret: 's3cret' }, payload);
    const [got] = hook.hooks;
    expect(got).toMatchObject({ method: 'POST', path: '/notify?x=1' });
    expect(got!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got!.raw)).toEqual(payload);
    expect(got!.headers['x-webhook-signature']).toBe(hmac('s3cret', got!.raw));
    expect(got!.headers.authorization).toBeUndefined();
  });

  it('sends no signature without a secret', async () => {
    await sendWebhook(t.ctx, { url: hook.url, secret: '' }, payload);
    expect(hook.hooks[0]!.headers['x-webhook-signature']).toBeUndefined();
  });

  it('fails on a non-2xx answer, a redirect included (never followed)', async () => {
    hook.answer(500);
    await expect(sendWebhook(t.ctx, { url: hook.url, secret: '' }, payload)).rejects.toThrow(
      /status code: 500/,
    );
    hook.answer(302, `${hook.url}/elsewhere`);
    await expect(sendWebhook(t.ctx, { url: hook.url, secret: 'k' }, payload)).rejects.toThrow(/status code/);
    expect(hook.hooks.map((h) => h.path)).toEqual(['/', '/']);
  });

  it('fails when nothing listens', async () => {
    await expect(sendWebhook(t.ctx, { url: 'http://127.0.0.1:1/', secret: '' }, payload)).rejects.toThrow();
  });

  it('goes through the worker when WorkerUrl is set, with the key, the signature and the bearer secret', async () => {
    await t.ctx.options.set('WorkerUrl', `${hook.url}/worker`);
    await t.ctx.options.set('WorkerValidKey', 'worker-key');
    await sendWebhook(t.ctx, { url: 'https://hooks.example.com/in', secret: 's3cret' }, payload);
    const [got] = hook.hooks;
    expect(got).toMatchObject({ method: 'POST', path: '/worker/' });
    const envelope = JSON.parse(got!.raw);
    expect(envelope).toEqual({
      url: 'https://hooks.example.com/in',
      key: 'worker-key',
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Webhook-Signature': expect.any(String),
        Authorization: 'Bearer s3cret',
      },
      body: payload,
    });
    // The body is embedded byte for byte, so the worker forwards exactly what was signed.
    const rawBody = got!.raw.slice(got!.raw.indexOf('"body":') + 7, -1);
    expect(rawBody).toBe(JSON.stringify(payload));
    expect(envelope.headers['X-Webhook-Signature']).toBe(hmac('s3cret', rawBody));
  });

  it('sends only https targets through the worker', async () => {
    await t.ctx.options.set('WorkerUrl', hook.url);
    await expect(
      sendWebhook(t.ctx, { url: 'http://hooks.example.com/in', secret: '' }, payload),
    ).rejects.toThrow(/https/);
    expect(hook.hooks).toHaveLength(0);
  });
});
