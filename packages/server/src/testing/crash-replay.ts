import { readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { expect } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from './server-process.js';

/** An upstream that answers every chat with 11 prompt and 7 completion tokens, as JSON or as a stream. */
function startUsageUpstream(): Promise<Server> {
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

/** Root's balance and consume logs as read straight from the database files, with no server running. */
export interface LedgerState {
  quota: number;
  used_quota: number;
  request_count: number;
  logs: number;
  logged: number;
}

/** A real server process on a SQLite data directory, killed and started again by the crash tests. */
export class CrashRig {
  private upstream: Server | undefined;
  private proc: ServerProcess | undefined;

  constructor(
    readonly dataDir: string,
    private readonly env: Record<string, string> = {},
  ) {}

  async start(): Promise<void> {
    this.upstream = await startUsageUpstream();
  }

  stop(): void {
    this.proc?.child.kill('SIGKILL');
    this.upstream?.close();
  }

  private async boot(env: Record<string, string> = {}): Promise<string> {
    const port = await freePort();
    const proc = startServerProcess({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      ...this.env,
      ...env,
    });
    this.proc = proc;
    await proc.ready;
    return `http://127.0.0.1:${port}`;
  }

  /**
   * Relays `n` chats (half streamed) with settlements held back, kills the process with SIGKILL, and checks that
   * the next start replays every one of them exactly once and the start after that nothing.
   */
  async killAndReplay(ledgerState: () => Promise<LedgerState>, n = 24): Promise<void> {
    // A flush window far longer than the test: whatever the kill interrupts lives only in the journal.
    const base = await this.boot({ SETTLEMENT_FLUSH_MS: '600000' });
    const { key, startQuota } = await this.rootKey(base);
    await Promise.all(Array.from({ length: n }, (_, i) => ask(base, key, i % 2 === 0)));
    this.proc!.child.kill('SIGKILL');
    await this.proc!.exited;

    const killed = await ledgerState();
    expect(killed.logs).toBe(0); // the premise: nothing had reached the database
    expect(readdirSync(join(this.dataDir, 'ledger')).some((f) => f.endsWith('.jsonl'))).toBe(true);

    await this.boot();
    expect(this.proc!.output()).toContain(`replayed ${n} settlement(s)`);
    this.proc!.child.kill('SIGTERM');
    expect(await this.proc!.exited).toBe(0);
    const replayed = await ledgerState();
    expect(replayed.logs).toBe(n);
    expect(replayed.request_count).toBe(n);
    expect(replayed.logged).toBeGreaterThan(0);
    expect(replayed.used_quota).toBe(replayed.logged);
    expect(replayed.quota).toBe(startQuota - replayed.logged);

    // A second start finds nothing left to apply.
    await this.boot();
    expect(this.proc!.output()).not.toContain('replayed');
    this.proc!.child.kill('SIGTERM');
    await this.proc!.exited;
    expect(await ledgerState()).toEqual(replayed);
  }

  /** Signs in as root, adds a channel to the upstream and an unlimited token: its key and root's balance. */
  private async rootKey(base: string): Promise<{ key: string; startQuota: number }> {
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
    const { port } = this.upstream!.address() as { port: number };
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
    return { key: key.startsWith('sk-') ? key : `sk-${key}`, startQuota };
  }
}

async function ask(base: string, key: string, stream: boolean): Promise<void> {
  const res = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(res.status).toBe(200);
  await res.text();
}
