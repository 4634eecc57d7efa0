import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Gone, upstreamPool } from '../../testing/upstream-pool.js';
import { readChunks } from './read-chunks.js';
import { requestStreamed } from './upstream-streamed.js';

const BIG = Buffer.alloc(1024 * 1024, 'x');

describe('requestStreamed', () => {
  let upstream: Awaited<ReturnType<typeof upstreamPool>>;
  let pool: Pool;
  /** Opened by a test to let /gated send its second chunk. */
  let gate: () => void = () => undefined;
  /** Resolves when the server sees the connection of an endless answer close. */
  let closed: Promise<void> = Promise.resolve();

  const endless = (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const tick = setInterval(() => res.write('data: more\n\n'), 5);
    closed = new Promise((resolve) =>
      res.on('close', () => {
        clearInterval(tick);
        resolve();
      }),
    );
  };

  beforeAll(async () => {
    upstream = await upstreamPool((req, res) => {
      req.resume();
      if (req.url === '/gated') {
        res.write('one');
        new Promise<void>((r) => (gate = r)).then(() => res.end('two'), ignore);
      } else if (req.url === '/three') {
        res.write('a');
        setTimeout(() => res.write('b'), 5);
        setTimeout(() => res.end('c'), 10);
      } else if (req.url === '/big') res.end(BIG);
      else if (req.url === '/endless') endless(res);
      else if (req.url === '/dies') {
        res.write('partial');
        setTimeout(() => res.socket?.destroy(), 10);
      } else if (req.url === '/hints') {
        res.writeEarlyHints({ link: '</a.css>; rel=preload' });
        res.end('after hints');
      } else {
        res.writeHead(429, { 'content-type': 'application/json', 'x-up': 'yes' });
        res.write(Buffer.from([0xef, 0xbb, 0xbf]));
        res.end('{"error":"é"}');
      }
    });
    pool = upstream.pool;
  });
  afterAll(() => upstream.close());

  const call = (path: string, signal = new Gone()) =>
    requestStreamed(pool, { path, method: 'POST', body: '{}' }, signal);

  it('hands each chunk over as it arrives, not at the end of the answer', async () => {
    const res = await call('/gated');
    expect(res.statusCode).toBe(200);
    const seen: string[] = [];
    await readChunks(res.body, (chunk) => {
      seen.push(chunk.toString());
      // The second chunk is only sent once the first has been read.
      if (seen.length === 1) gate();
      return true;
    });
    expect(seen).toEqual(['one', 'two']);
  });

  it('holds what comes before anyone reads, pausing the upstream, and hands it all over in order', async () => {
    const res = await call('/big');
    await sleep(50);
    const parts: Buffer[] = [];
    await readChunks(res.body, (chunk) => parts.push(chunk) > 0);
    expect(Buffer.concat(parts).equals(BIG)).toBe(true);
  });

  it('waits for a pending verdict before the next chunk', async () => {
    const res = await call('/three');
    const seen: string[] = [];
    await readChunks(res.body, (chunk) => {
      seen.push(chunk.toString());
      return seen.length > 1 || sleep(30).then(() => seen.push('waited') > 0);
    });
    expect(seen).toEqual(['a', 'waited', 'b', 'c']);
  });

  it('stops on false: the read settles and the upstream connection is closed', async () => {
    const res = await call('/endless');
    let chunks = 0;
    await readChunks(res.body, () => ++chunks < 2);
    await closed;
    expect(chunks).toBe(2);
  });

  it('rejects with what the reader threw, and closes the upstream connection', async () => {
    const res = await call('/endless');
    await expect(
      readChunks(res.body, () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await closed;
  });

  it('cancels the upstream call when the client goes away mid-answer', async () => {
    const gone = new Gone();
    const res = await call('/endless', gone);
    let chunks = 0;
    const reading = readChunks(res.body, () => {
      if (++chunks === 2) gone.fire();
      return true;
    });
    await expect(reading).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' });
    await closed;
  });

  it('reads what came before the upstream failed, then the failure', async () => {
    const res = await call('/dies');
    const seen: string[] = [];
    await expect(readChunks(res.body, (chunk) => seen.push(chunk.toString()) > 0)).rejects.toThrow();
    expect(seen).toEqual(['partial']);
  });

  it('is refused before the call when the client has already gone', async () => {
    const gone = new Gone();
    gone.fire();
    await expect(call('/three', gone)).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' });
  });

  it('skips an informational answer', async () => {
    const res = await call('/hints');
    expect(res.statusCode).toBe(200);
    expect(await res.body.text()).toBe('after hints');
  });

  it('reads an error answer whole: headers on demand, text without its byte-order mark, once only', async () => {
    const res = await call('/error');
    expect(res.statusCode).toBe(429);
    expect(res.headers['x-up']).toBe('yes');
    expect(await res.body.text()).toBe('{"error":"é"}');
    await expect(res.body.text()).rejects.toThrow('already being read');
  });

  it('iterates chunk by chunk, and leaving the loop early closes the upstream connection', async () => {
    const all: string[] = [];
    for await (const chunk of (await call('/three')).body) all.push(chunk.toString());
    expect(all.join('')).toBe('abc');

    let first = '';
    for await (const chunk of (await call('/endless')).body) {
      first = chunk.toString();
      break;
    }
    expect(first).toBe('data: more\n\n');
    await closed;
  });
});

function ignore(): void {}
