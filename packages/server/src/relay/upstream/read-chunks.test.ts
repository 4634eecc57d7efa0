import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readChunks } from './read-chunks.js';

const text = (chunks: Buffer[]) => Buffer.concat(chunks).toString();

describe('readChunks', () => {
  it('hands over every chunk in order, from a stream or any async iterable', async () => {
    const seen: Buffer[] = [];
    await readChunks(Readable.from([Buffer.from('a'), Buffer.from('b')], { objectMode: false }), (c) => {
      seen.push(c);
      return true;
    });
    async function* gen() {
      yield Buffer.from('c');
      yield Buffer.from('d');
    }
    await readChunks(gen(), (c) => Boolean(seen.push(c)));
    expect(text(seen)).toBe('abcd');
  });

  it('waits for a pending verdict before the next chunk, and stops and destroys the body on false', async () => {
    const body = new PassThrough();
    const seen: string[] = [];
    let release!: (go: boolean) => void;
    const done = readChunks(body, (c) => {
      seen.push(c.toString());
      return seen.length === 1 ? new Promise<boolean>((r) => (release = r)) : false;
    });
    body.write('one');
    await new Promise((r) => setImmediate(r));
    body.write('two');
    body.write('three');
    await new Promise((r) => setImmediate(r));
    expect(seen).toEqual(['one']);
    release(true);
    await done;
    expect(seen).toEqual(['one', 'two']);
    expect(body.destroyed).toBe(true);
  });

  it("rejects with the body's error, with what the callback threw, and when the body closes early", async () => {
    const failing = new PassThrough();
    const reading = readChunks(failing, () => true);
    failing.destroy(Object.assign(new Error('timed out'), { code: 'UND_ERR_BODY_TIMEOUT' }));
    await expect(reading).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });

    const thrown = new PassThrough();
    const throwing = readChunks(thrown, () => {
      throw new Error('bad event');
    });
    thrown.write('x');
    await expect(throwing).rejects.toThrow('bad event');
    expect(thrown.destroyed).toBe(true);

    const cut = new PassThrough();
    const cutting = readChunks(cut, () => true);
    cut.destroy();
    await expect(cutting).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });
  });

  it('settles at once on a body that was over before reading began', async () => {
    const ended = new PassThrough();
    ended.end();
    ended.resume();
    await new Promise((r) => ended.once('end', r));
    await expect(readChunks(ended, () => true)).resolves.toBeUndefined();

    const failed = new PassThrough();
    failed.on('error', () => {});
    failed.destroy(new Error('reset'));
    await expect(readChunks(failed, () => true)).rejects.toThrow('reset');

    const closed = new PassThrough();
    closed.destroy();
    await expect(readChunks(closed, () => true)).rejects.toMatchObject({
      code: 'ERR_STREAM_PREMATURE_CLOSE',
    });
  });

  it('survives an error the body raises after it was stopped', async () => {
    const body = new PassThrough();
    const done = readChunks(body, () => false);
    body.write('x');
    await done;
    // No listener of its own would make this an uncaught exception.
    body.emit('error', new Error('late'));
  });
});
