import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/helpers/run-cli.js';

let server: Awaited<ReturnType<typeof startServer>>;
let env: Record<string, string>;
let dir: string;
beforeAll(async () => {
  server = await startServer();
  env = await server.env();
  dir = mkdtempSync(join(tmpdir(), 'swb-codes-'));
});
afterAll(() => server.mock.close());

async function serverKeys(name: string): Promise<string[]> {
  const rows = await server.mock.db
    .selectFrom('redemptions')
    .select('key')
    .where('name', '=', name)
    .execute();
  return rows.map((r) => r.key).sort();
}

describe('codes create', () => {
  it('makes more than 100 codes in successive calls and records every one in the CSV', async () => {
    const r = await runCli('codes create --quota $2 --count 250 --name batch250 --out batch.csv', {
      env,
      cwd: dir,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Created 250 code(s) in batch.csv.');
    const lines = readFileSync(join(dir, 'batch.csv'), 'utf8').trim().split('\n');
    expect(lines[0]).toBe('key,name,quota');
    expect(lines[1]).toMatch(/^[0-9a-f]{32},batch250,1000000$/);
    const keys = lines.slice(1).map((l) => l.split(',')[0]!);
    expect(new Set(keys).size).toBe(250);
    expect(keys.sort()).toEqual(await serverKeys('batch250'));
    expect(statSync(join(dir, 'batch.csv')).mode & 0o777).toBe(0o600);
  });

  it('refuses to overwrite an existing file without --resume', async () => {
    const r = await runCli('codes create --quota 10 --count 1 --name x --out batch.csv', { env, cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--resume');
  });

  it('leaves an exact record when interrupted, and --resume makes only the missing codes', async () => {
    const out = join(dir, 'cut.txt');
    const controller = new AbortController();
    // Ctrl-C as soon as the first batch is on disk; the call in flight still completes and is recorded.
    const watcher = setInterval(() => {
      if (existsSync(out) && readFileSync(out, 'utf8').length > 0) controller.abort();
    }, 1);
    const first = await runCli('codes create --quota 7 --count 450 --name cut --out cut.txt', {
      env,
      cwd: dir,
      signal: controller.signal,
    });
    clearInterval(watcher);
    expect(first.code).toBe(130);
    const partial = readFileSync(out, 'utf8').trim().split('\n');
    expect(partial.length % 100).toBe(0);
    expect(partial.length).toBeLessThan(450);
    expect(partial.sort()).toEqual(await serverKeys('cut'));
    expect(first.stderr).toContain(`${partial.length} of 450 recorded in cut.txt`);
    expect(first.stderr).toContain('--resume');

    const second = await runCli('codes create --quota 7 --count 450 --name cut --out cut.txt --resume', {
      env,
      cwd: dir,
    });
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(`Resuming: ${partial.length} of 450`);
    const all = readFileSync(out, 'utf8').trim().split('\n');
    expect(all).toHaveLength(450);
    expect(new Set(all).size).toBe(450);
    expect(all.sort()).toEqual(await serverKeys('cut'));
  });

  it('writes a JSON array that is valid once complete, and resumes a cut JSON file', async () => {
    writeFileSync(join(dir, 'part.json'), '[\n  "aaaabbbbccccddddeeeeffff00001111"');
    const r = await runCli('codes create --quota 1 --count 3 --name js --out part.json --resume', {
      env,
      cwd: dir,
    });
    expect(r.code).toBe(0);
    const keys = JSON.parse(readFileSync(join(dir, 'part.json'), 'utf8')) as string[];
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe('aaaabbbbccccddddeeeeffff00001111');
    expect((await serverKeys('js')).length).toBe(2);
  });

  it('prints codes one per line without --out, and validates its flags', async () => {
    const r = await runCli('codes create --quota 5 --count 2 --name stdout', { env });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2);
    expect((await runCli('codes create --count 2', { env })).code).toBe(2);
    expect((await runCli('codes create --quota abc', { env })).code).toBe(2);
    expect((await runCli('codes create --quota 1 --name waytoolongnameforacodebatch', { env })).code).toBe(2);
    expect((await runCli('codes create --quota 1 --out codes.xml', { env, cwd: dir })).code).toBe(2);
  });
});

describe('codes list, get, enable, disable, delete', () => {
  it('masks codes unless --reveal', async () => {
    const list = JSON.parse((await runCli('codes search welcome --json key', { env })).stdout) as {
      key: string;
    }[];
    expect(list[0]!.key).toMatch(/^[0-9a-f]{6}…[0-9a-f]{4}$/);
    const shown = JSON.parse((await runCli('codes search welcome --reveal --json key', { env })).stdout);
    expect(shown[0].key).toMatch(/^[0-9a-f]{32}$/);
  });

  it('disables, enables and deletes', async () => {
    const [code] = JSON.parse((await runCli('codes search stdout --json id', { env })).stdout) as {
      id: number;
    }[];
    expect((await runCli(`codes disable ${code!.id}`, { env })).code).toBe(0);
    expect(JSON.parse((await runCli(`codes get ${code!.id} --json status`, { env })).stdout)).toEqual({
      status: 2,
    });
    expect((await runCli(`codes enable ${code!.id}`, { env })).code).toBe(0);
    expect((await runCli(`codes delete ${code!.id}`, { env })).code).toBe(3);
    expect((await runCli(`codes delete ${code!.id} --yes`, { env })).code).toBe(0);
    expect((await runCli(`codes get ${code!.id}`, { env })).code).toBe(6);
  });
});
