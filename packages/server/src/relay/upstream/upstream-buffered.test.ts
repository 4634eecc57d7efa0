import { EventEmitter } from 'node:events';
import type { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientGone } from '../core/client-gone.js';
import { Gone, upstreamPool } from '../../testing/upstream-pool.js';
import { requestBuffered } from './upstream-buffered.js';

describe('requestBuffered', () => {
  let upstream: Awaited<ReturnType<typeof upstreamPool>>;
  let pool: Pool;
  beforeAll(async () => {
    upstream = await upstreamPool((req, res) => {
      if (req.url === '/bom') {
        res.writeHead(201, { 'content-type': 'application/json', 'x-up': 'yes' });
        // In pieces, so the body arrives as several chunks.
        res.write(Buffer.from([0xef, 0xbb, 0xbf]));
        res.write('{"a":"é');
        res.end('"}');
      } else if (req.url === '/hints') {
        res.writeEarlyHints({ link: '</a.css>; rel=preload' });
        res.end('after hints');
      } else {
        // Never answers: only an abort ends this one.
        req.resume();
      }
    });
    pool = upstream.pool;
  });
  afterAll(() => upstream.close());

  it('reads the whole answer: status, headers on demand, text without its byte-order mark', async () => {
    const res = await requestBuffered(pool, { path: '/bom', method: 'POST', body: '{}' }, new Gone());
    expect(res.statusCode).toBe(201);
    expect(res.headers['x-up']).toBe('yes');
    expect(await res.body.text()).toBe('{"a":"é"}');
    const chunks: Buffer[] = [];
    for await (const c of res.body) chunks.push(c);
    expect(Buffer.concat(chunks).toString()).toBe('\ufeff{"a":"é"}');
  });

  it('skips an informational answer', async () => {
    const res = await requestBuffered(pool, { path: '/hints', method: 'POST', body: 'x' }, new Gone());
    expect(res.statusCode).toBe(200);
    expect(await res.body.text()).toBe('after hints');
  });

  it('gives up when the client goes away, and leaves no listener behind', async () => {
    const gone = new Gone();
    const pending = requestBuffered(pool, { path: '/hang', method: 'POST', body: 'x' }, gone);
    await new Promise((r) => setTimeout(r, 50));
    gone.fire();
    await expect(pending).rejects.toThrow(/abort/i);
    expect(gone.listenerCount('abort')).toBe(0);
    const already = new Gone();
    already.fire();
    await expect(requestBuffered(pool, { path: '/hang', method: 'POST' }, already)).rejects.toThrow(/abort/i);
  });

  it("uses the pipeline's ClientGone without emitter listeners: cancelled when the client leaves, cleared after", async () => {
    // The server response the chat pipeline watches: only its `close` and `writableFinished` matter here.
    const res = Object.assign(new EventEmitter(), { writableFinished: false });
    const gone = new ClientGone(res as never);
    const done = await requestBuffered(pool, { path: '/bom', method: 'POST', body: '{}' }, gone);
    expect(done.statusCode).toBe(201);
    expect(gone.onAbort).toBeUndefined();
    const pending = requestBuffered(pool, { path: '/hang', method: 'POST', body: 'x' }, gone);
    await new Promise((r) => setTimeout(r, 50));
    expect(gone.onAbort).toBeTypeOf('function');
    expect(gone.listenerCount('abort')).toBe(0);
    res.emit('close');
    await expect(pending).rejects.toThrow(/abort/i);
    expect(gone.onAbort).toBeUndefined();
  });
});
