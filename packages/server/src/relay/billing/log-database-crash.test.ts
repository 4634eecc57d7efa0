import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/database.js';
import { freePort, startServerProcess, type ServerProcess } from '../../testing/server-process.js';

/** An upstream that answers every chat with 11 prompt and 7 completion tokens, as JSON or as a stream. */
function startUpstream(): Promise<Server> {
  const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { model: string; stream?: boolean };
      const base = { id: 'chatcmpl-1', created: 1, model: body.model };
      if (!body.stream) {
        const message = { role: 'assistant', content: 'ok' };
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({ ...base, object: 'chat.completion', choices: [{ index: 0, message }], usage }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = { ...base, object: 'chat.completion.chunk' };
      res.write(
        `data: ${JSON.stringify({ ...chunk, choices: [{ index: 0, delta: { content: 'ok' } }] })}\n\n`,
      );
      res.write(`data: ${JSON.stringify({ ...chunk, choices: [], usage })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/*
 * LOG_SQL_DSN with a real server process: logs in one SQLite file, balances in another, the process killed with
 * settlements only in the journal, then started again.
 */
describe('settlements with a log database of their own survive a crash', () => {
  let upstream: Server;
  const dataDir = mkdtempSync(join(tmpdir(), 'swb-logdb-crash-'));
  const logFile = join(dataDir, 'logs.db');
  const logEnv = { LOG_SQL_DSN: 'local', LOG_SQLITE_PATH: logFile };
  let proc: ServerProcess | undefined;

  beforeAll(async () => {
    upstream = await startUpstream();
  });
  afterAll(() => {
    proc?.child.kill('SIGKILL');
    upstream.close();
  });

  const boot = async (env: Record<string, string> = {}) => {
    const port = await freePort();
    proc = startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...logEnv,
      ...env,
    });
    await proc.ready;
    return `http://127.0.0.1:${port}`;
  };

  /** Reads both database files directly, with no server running; the main one never holds a log. */
  const ledgerState = async () => {
    const db = await createDb({ dialect: 'sqlite', url: join(dataDir, 'switchboard.db') });
    const logDb = await createDb({ dialect: 'sqlite', url: logFile });
    try {
      const root = await db
        .selectFrom('users')
        .select(['quota', 'used_quota', 'request_count'])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(await db.selectFrom('logs').select('id').execute()).toEqual([]);
      const logs = await logDb.selectFrom('logs').select('quota').where('type', '=', 2).execute();
      return { ...root, logs: logs.length, logged: logs.reduce((n, l) => n + l.quota, 0) };
    } finally {
      await db.destroy();
      await logDb.destroy();
    }
  };

  it('replays every settlement a killed process had only journaled into both files, exactly once', async () => {
    // A flush window far longer than the test: whatever the kill interrupts lives only in the journal.
    let base = await boot({ SETTLEMENT_FLUSH_MS: '600000' });
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: '123456' }),
    });
    const headers = {
      cookie: login.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
      'new-api-user': '1',
      'content-type': 'application/json',
    };
    const { port } = upstream.address() as { port: number };
    const channel = await fetch(`${base}/api/channel/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'up',
        type: 1,
        key: 'sk-up',
        base_url: `http://127.0.0.1:${port}`,
        models: 'gpt-4o-mini',
        group: 'default',
      }),
    });
    expect(((await channel.json()) as { success: boolean }).success).toBe(true);
    const token = await fetch(`${base}/api/token/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'crash', remain_quota: 0, unlimited_quota: true, expired_time: -1 }),
    });
    const made = (await token.json()) as { data: { key: string }[] | { key: string } };
    const key = (Array.isArray(made.data) ? made.data[0]! : made.data).key;
    const before = await fetch(`${base}/api/user/self`, { headers });
    const startQuota = ((await before.json()) as { data: { quota: number } }).data.quota;

    const ask = async (stream: boolean) => {
      const res = await fetch(`${base}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key.startsWith('sk-') ? key : `sk-${key}`}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(res.status).toBe(200);
      await res.text();
    };
    const n = 24;
    await Promise.all(Array.from({ length: n }, (_, i) => ask(i % 2 === 0)));
    proc!.child.kill('SIGKILL');
    await proc!.exited;

    const killed = await ledgerState();
    expect(killed.logs).toBe(0); // the premise: nothing had reached the database
    expect(readdirSync(join(dataDir, 'ledger')).some((f) => f.endsWith('.jsonl'))).toBe(true);

    base = await boot();
    expect(proc!.output()).toContain(`replayed ${n} settlement(s)`);
    proc!.child.kill('SIGTERM');
    expect(await proc!.exited).toBe(0);
    const replayed = await ledgerState();
    expect(replayed.logs).toBe(n);
    expect(replayed.request_count).toBe(n);
    expect(replayed.logged).toBeGreaterThan(0);
    expect(replayed.used_quota).toBe(replayed.logged);
    expect(replayed.quota).toBe(startQuota - replayed.logged);

    // A second start finds nothing left to apply.
    await boot();
    expect(proc!.output()).not.toContain('replayed');
    proc!.child.kill('SIGTERM');
    await proc!.exited;
    expect(await ledgerState()).toEqual(replayed);
  }, 240_000);
});
