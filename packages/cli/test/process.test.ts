import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCli } from '../../../scripts/build-cli.mjs';
import { freshConfigDir, startServer } from './helpers/run-cli.js';

let server: Awaited<ReturnType<typeof startServer>>;
let env: Record<string, string>;
let bin: string;
beforeAll(async () => {
  // A private bundle beside node_modules, so jq-web (external) resolves as it does from dist/.
  [bin, server] = await Promise.all([
    buildCli('packages/cli/node_modules/.cache/swb-test-dist'),
    startServer(),
  ]);
  env = await server.env();
}, 60_000);
afterAll(() => server.mock.close());

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

function swb(args: string[], extraEnv: Record<string, string> = {}, stdin = ''): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      env: { PATH: process.env['PATH'] ?? '', HOME: freshConfigDir(), ...env, ...extraEnv },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

// Each case starts real processes on a shared, busy machine: generous time limits.
describe('swb as a real process', { timeout: 60_000 }, () => {
  it('prints its version', async () => {
    const r = await swb(['--version']);
    expect(r).toEqual({ code: 0, stdout: '0.1.0\n', stderr: '' });
  });

  it('lists channels as TSV when piped and as JSON with --json, exiting 0', async () => {
    const tsv = await swb(['channels', 'list', '-L', '2']);
    expect(tsv.code).toBe(0);
    expect(tsv.stdout.split('\n')[0]).toMatch(/^1\topenai-primary\tOpenAI\tenabled\t/);
    const json = await swb(['channels', 'list', '--json', 'name', '--jq', '.[0].name']);
    expect(json).toEqual({ code: 0, stdout: 'openai-primary\n', stderr: '' });
  });

  it('exits with the documented codes: 2 usage, 3 missing --yes, 4 unauthenticated, 6 not found', async () => {
    expect((await swb(['channels', 'list', '--nope'])).code).toBe(2);
    const confirm = await swb(['channels', 'delete', '1']);
    expect(confirm.code).toBe(3);
    expect(confirm.stderr).toContain('Pass --yes');
    expect((await swb(['whoami'], { SWB_TOKEN: '', SWB_USER: '' })).code).toBe(4);
    expect((await swb(['channels', 'get', '999'])).code).toBe(6);
  });

  it('never prompts under CI even with missing arguments', async () => {
    const r = await swb(['channels', 'create'], { CI: '1' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pass --type');
  });

  it('reads a key file from stdin', async () => {
    const r = await swb(
      ['channels', 'create', '--type', '1', '--name', 'piped-key', '--models', 'gpt-4o', '--key-file', '-'],
      {},
      'sk-from-stdin\n',
    );
    expect(r.code).toBe(0);
  });
});

describe('swb on a pseudo-terminal', { timeout: 60_000 }, () => {
  it('asks before deleting and deletes on "y"', async () => {
    const found = await swb(['channels', 'search', 'piped-key', '--json', 'id']);
    const { id } = (JSON.parse(found.stdout) as { id: number }[])[0]!;
    const command = [process.execPath, bin, 'channels', 'delete', String(id)].map((a) => `'${a}'`).join(' ');
    const r = await new Promise<Ran>((resolve, reject) => {
      // util-linux `script` runs the command on a new pseudo-terminal; our stdin feeds its keyboard.
      const child = spawn('script', ['-qfec', command, '/dev/null'], {
        env: { PATH: process.env['PATH'] ?? '', HOME: freshConfigDir(), TERM: 'xterm', ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let answered = false;
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (!answered && stdout.includes('Delete channel')) {
          answered = true;
          child.stdin.write('y');
          setTimeout(() => child.stdin.write('\r'), 100);
        }
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr: '' }));
    });
    expect(r.stdout).toContain(`Delete channel ${id} (piped-key)?`);
    expect(r.stdout).toContain(`Deleted channel ${id} (piped-key).`);
    expect(r.code).toBe(0);
    expect((await swb(['channels', 'get', String(id)])).code).toBe(6);
  });
});
