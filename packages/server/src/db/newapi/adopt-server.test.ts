import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { startOpenAiUpstream, type OpenAiUpstream } from '@switchboard/mock-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildNewApiDatabase, type NewApiDatabase } from '../../testing/newapi-fixture.js';
import { freePort, startServerProcess } from '../../testing/server-process.js';
import { testDialects } from '../../testing/test-db.js';
import { describeTables, kindOf } from './introspect.js';

let upstream: OpenAiUpstream;
beforeAll(async () => {
  upstream = await startOpenAiUpstream();
});
afterAll(() => upstream.close());

const fileHash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe.each(testDialects())('a new-api 0.4.8 database on %s, through the server start', (dialect) => {
  let f: NewApiDatabase;
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    f = await buildNewApiDatabase(dialect, upstream.url);
  }, 60_000);
  afterAll(() => f.close());
  afterEach(() => {
    child?.kill('SIGKILL');
  });

  const env = { SESSION_SECRET: 'adopted-session', CRYPTO_SECRET: 'adopted-crypto', HOST: '127.0.0.1' };
  const dataDir = mkdtempSync(join(tmpdir(), 'swb-adopt-'));
  async function start(extra: Record<string, string>, args: string[] = []) {
    const port = await freePort();
    const proc = startServerProcess(
      { ...env, ...f.env, DATA_DIR: dataDir, PORT: String(port), ...extra },
      args,
    );
    child = proc.child;
    return { ...proc, base: `http://127.0.0.1:${port}` };
  }
  const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('refuses to start without --migrate, in one line, and writes nothing', async () => {
    const before = f.file ? fileHash(f.file) : undefined;
    const proc = await start({ MIGRATE_FROM_NEWAPI: '' });
    expect(await proc.exited).toBe(1);
    const lines = proc.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^switchboard: .* is a new-api database: start with --migrate \(or MIGRATE_FROM_NEWAPI=true\)/,
    );
    await proc.ready.catch(() => undefined);
    expect(kindOf(await describeTables(f.db))).toBe('newapi');
    if (f.file) {
      expect(fileHash(f.file)).toBe(before);
      expect(existsSync(`${f.file}-wal`)).toBe(false);
    }
  }, 30_000);

  it('upgrades it with --migrate: old passwords log in, sk- keys relay, access tokens work', async () => {
    const proc = await start({}, ['--migrate']);
    await proc.ready;
    expect(proc.output()).toMatch(/new-api database upgraded in [\d.]+ s: users 2000, tokens 3000/);
    if (f.file) {
      const [backup] = readdirSync(dirname(f.file)).filter((n) => n.includes('.newapi-backup-'));
      expect(readFileSync(join(dirname(f.file), backup!)).includes(f.channelKeys[1]!)).toBe(true);
      expect(readFileSync(f.file).includes(f.channelKeys[1]!)).toBe(false);
    }
    for (const { id, username, password } of f.logins) {
      const body = await (await post(proc.base, '/api/user/login', { username, password })).json();
      expect(body).toMatchObject({ success: true, data: { id, username } });
    }
    const gone = await (await post(proc.base, '/api/user/login', f.deleted)).json();
    expect(gone.success).toBe(false);

    const self = await fetch(`${proc.base}/api/user/self`, {
      headers: { authorization: f.accessToken.token, 'new-api-user': String(f.accessToken.userId) },
    });
    expect(((await self.json()) as { data: { id: number } }).data.id).toBe(f.accessToken.userId);

    upstream.reset();
    const chat = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] };
    const relayed = await post(proc.base, '/v1/chat/completions', chat, {
      authorization: `Bearer sk-${f.relayKey}`,
    });
    expect(relayed.status).toBe(200);
    expect(((await relayed.json()) as { choices: unknown[] }).choices).toHaveLength(1);
    // The upstream got a channel's key as new-api stored it: sealed at rest, opened for the call.
    const sent = String(upstream.requests.at(-1)!.headers.authorization).replace(/^Bearer /, '');
    expect(Object.values(f.channelKeys).flatMap((k) => k.split('\n'))).toContain(sent);
    const refused = await post(proc.base, '/v1/chat/completions', chat, {
      authorization: `Bearer sk-${f.deleted.key}`,
    });
    expect(refused.status).toBe(401);

    // New rows take fresh ids after the copied ones.
    const joined = await post(proc.base, '/api/user/register', {
      username: 'newcomer',
      password: 'password123',
    });
    expect(await joined.json()).toMatchObject({ success: true });
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  }, 60_000);

  it('starts normally afterwards, the switch left on: the upgrade never runs twice', async () => {
    const proc = await start({ MIGRATE_FROM_NEWAPI: 'true' });
    await proc.ready;
    expect(proc.output()).not.toContain('new-api');
    const [root] = f.logins;
    expect((await (await post(proc.base, '/api/user/login', root)).json()).success).toBe(true);
  }, 30_000);
});
