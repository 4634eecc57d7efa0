import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startServerProcess as start } from './testing/server-process.js';

describe('the server process', () => {
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
  });

  it('starts on a fresh data dir, warns about the default root password, and drains on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'swb-main-'));
    const proc = start({ PORT: String(port), DATA_DIR: dataDir, HOST: '127.0.0.1', LOG_REQUESTS: 'true' });
    child = proc.child;
    await proc.ready;
    expect(proc.output()).toContain('DEFAULT password 123456');
    const base = `http://127.0.0.1:${port}`;
    expect(((await (await fetch(`${base}/api/status`)).json()) as { success: boolean }).success).toBe(true);
    // A login is in flight (bcrypt takes a while) when the signal arrives: it must still be answered.
    const login = fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'root', password: '123456' }),
    });
    // The signal must come after the server has the request, however slow this machine is right now.
    while (!proc.output().includes('/api/user/login')) await new Promise((r) => setTimeout(r, 2));
    proc.child.kill('SIGTERM');
    const res = await login;
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { username: string } }).data.username).toBe('root');
    expect(await proc.exited).toBe(0);
  }, 30_000);

  it("logs the server's own warnings to stderr by default, and not every request", async () => {
    const port = await freePort();
    const proc = start({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'swb-main-')),
    });
    child = proc.child;
    let stderr = '';
    proc.child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    await proc.ready;
    const notify = await fetch(`http://127.0.0.1:${port}/api/user/epay/notify?out_trade_no=x&sign=forged`);
    expect(await notify.text()).toBe('fail');
    const deadline = Date.now() + 5_000;
    while (!stderr.includes('epay notification refused') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    const line = stderr.split('\n').find((l) => l.includes('epay notification refused'));
    expect(JSON.parse(line ?? '{}')).toMatchObject({ level: 40, reason: 'online payment is not configured' });
    expect(proc.output()).not.toContain('incoming request');
    expect(proc.output()).not.toContain('/api/user/epay/notify');
  }, 30_000);

  it('stops at once with one clear line on a configuration mistake', async () => {
    const proc = start({ PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'swb-main-')) });
    child = proc.child;
    const code = await proc.exited;
    expect(code).toBe(1);
    expect(proc.output().trim()).toBe('switchboard: PORT must be an integer ≥ 0, got "eighty"');
    await proc.ready.catch(() => undefined);
    const noisy = start({ LOG_LEVEL: 'loud', DATA_DIR: mkdtempSync(join(tmpdir(), 'swb-main-')) });
    child = noisy.child;
    expect(await noisy.exited).toBe(1);
    expect(noisy.output().trim()).toBe(
      'switchboard: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"',
    );
    await noisy.ready.catch(() => undefined);
  }, 30_000);

  it("takes new-api's --port and --log-dir: PORT wins over --port, the log also goes to a file", async () => {
    const [port, other] = [await freePort(), await freePort()];
    const logDir = join(mkdtempSync(join(tmpdir(), 'swb-main-')), 'logs');
    const dataDir = mkdtempSync(join(tmpdir(), 'swb-main-'));
    const proc = start({ PORT: '', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_REQUESTS: 'true' }, [
      '--port',
      String(port),
      `-log-dir=${logDir}`,
    ]);
    child = proc.child;
    await proc.ready;
    expect((await fetch(`http://127.0.0.1:${port}/api/status`)).status).toBe(200);
    const [file] = readdirSync(logDir);
    expect(file).toMatch(/^switchboard-\d{14}\.log$/);
    const deadline = Date.now() + 5_000;
    while (!readFileSync(join(logDir, file!), 'utf8').includes('/api/status') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    expect(readFileSync(join(logDir, file!), 'utf8')).toContain('"url":"/api/status"');
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);

    const env = start({ PORT: String(other), HOST: '127.0.0.1', DATA_DIR: dataDir }, [
      '--port',
      String(port),
    ]);
    child = env.child;
    await env.ready;
    expect(env.output()).toContain(`listening on http://localhost:${other}`);
  }, 30_000);

  it('refuses an unknown or malformed flag with the usage and exit code 2, as Go does', async () => {
    for (const [args, line] of [
      [['--bogus'], 'flag provided but not defined: -bogus'],
      [['-port=eighty'], 'invalid value "eighty" for flag -port: parse error'],
    ] as const) {
      const proc = start({ DATA_DIR: mkdtempSync(join(tmpdir(), 'swb-main-')) }, args);
      child = proc.child;
      expect(await proc.exited).toBe(2);
      expect(proc.output()).toContain(`switchboard: ${line}\nUsage: switchboard [--port <port>]`);
      await proc.ready.catch(() => undefined);
    }
  }, 30_000);
});
