import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ChannelStatus } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChannels } from '../../modules/channels/channel-test-kit.js';
import { ChannelHealth } from './channel-health.js';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink.js';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';

/** An upstream whose every answer is a rejected key. */
async function rejectingUpstream(): Promise<{ server: Server; url: string }> {
  const server = createHttpServer((req, res) => {
    req.resume().on('end', () => {
      res.writeHead(401, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          error: {
            message: 'Incorrect API key provided',
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('automatic disable notifies root', () => {
  let t: TestApp;
  let root: Caller;
  let sink: SmtpSink;
  let upstream: { server: Server; url: string };
  let apiKey = '';

  beforeAll(async () => {
    t = await createTestApp();
    root = await t.root();
    [sink, upstream] = await Promise.all([startSmtpSink(), rejectingUpstream()]);
    await sink.configure(t.ctx);
    await t.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    await t.ctx.db
      .updateTable('users')
      .set({ email: 'root@example.com' })
      .where('id', '=', root.id)
      .execute();
    const token = await t.call({
      method: 'POST',
      url: '/api/token/',
      headers: root.headers,
      payload: { name: 'relay', unlimited_quota: true },
    });
    apiKey = token.json().data[0].key;
  });
  afterAll(async () => {
    await sink.close();
    await new Promise((resolve) => upstream.server.close(resolve));
    await t.close();
  });

  const channel = async (name: string, model: string) =>
    (await createChannels(t, root, { name, models: model, base_url: upstream.url, group: 'default' }))[0]!;
  const ask = (model: string) =>
    t.call({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { model, messages: [{ role: 'user', content: 'hi' }] },
    });
  const statusOf = async (id: number) =>
    (await t.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('mails root once the relay disables a channel on a rejected key', async () => {
    const id = await channel('openai-main', 'gpt-4o-mini');
    const res = await ask('gpt-4o-mini');
    expect(res.statusCode).toBe(401);
    const [mail] = await sink.waitFor(1);
    expect(await statusOf(id)).toBe(ChannelStatus.AutoDisabled);
    expect(mail).toMatchObject({
      envelopeTo: ['root@example.com'],
      subject: `通道「openai-main」（#${id}）已被禁用`,
    });
    expect(mail!.html).toBe(
      `通道「openai-main」（#${id}）已被禁用，原因：status code 401: Incorrect API key provided`,
    );
  });

  it('disables without waiting for the mail (the channel test and balance paths await disable)', async () => {
    // An SMTP server that accepts connections and never greets: a send through it hangs for its timeout.
    const sockets = new Set<Socket>();
    const silent = createTcpServer((s) => sockets.add(s.on('error', () => undefined)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    await t.ctx.options.set('SMTPPort', String((silent.address() as AddressInfo).port));
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const id = await channel('openai-slow-smtp', 'gpt-4o');
      const started = Date.now();
      expect(await new ChannelHealth(t.ctx).disable(id, 'balance 0 <= 0')).toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await statusOf(id)).toBe(ChannelStatus.AutoDisabled);
      await vi.waitFor(() => expect(sockets.size).toBe(1));
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await vi.waitFor(() => expect(errors).toHaveBeenCalledTimes(1));
      errors.mockRestore();
    }
    expect(sink.mails).toHaveLength(1);
  });
});
