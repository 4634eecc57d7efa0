import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/helpers/run-cli.js';

let server: Awaited<ReturnType<typeof startServer>>;
let root: Record<string, string>;
let alice: Record<string, string>;
beforeAll(async () => {
  server = await startServer();
  root = await server.env('root');
  alice = await server.env('alice');
});
afterAll(() => server.mock.close());

describe('tokens', () => {
  it('lists keys masked and reveals one only on purpose', async () => {
    const list = JSON.parse((await runCli('tokens list --json id,key,status', { env: alice })).stdout) as {
      id: number;
      key: string;
    }[];
    expect(list.length).toBeGreaterThan(0);
    for (const t of list) expect(t.key).toMatch(/^sk-[^…]{3}….{4}$/);
    const main = server.mock.credentials.tokens.find((t) => t.apiKey === server.mock.credentials.apiKey)!;
    const revealed = await runCli(`tokens reveal ${main.id}`, { env: alice });
    expect(revealed.stdout).toBe(`${server.mock.credentials.apiKey}\n`);
  });

  it('creates numbered tokens with a currency quota, updates, disables and deletes them', async () => {
    const r = await runCli(['tokens', 'create', '--name', 'ci', '--count', '2', '--quota', '$3'], {
      env: root,
    });
    expect(r.code).toBe(0);
    const made = JSON.parse(
      (await runCli('tokens search ci --json id,name,remain_quota', { env: root })).stdout,
    );
    expect(made).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'ci-1', remain_quota: 1_500_000 }),
        expect.objectContaining({ name: 'ci-2', remain_quota: 1_500_000 }),
      ]),
    );
    const id = made[0].id as number;
    expect((await runCli(`tokens update ${id} --quota 42`, { env: root })).code).toBe(0);
    expect(JSON.parse((await runCli(`tokens get ${id} --json remain_quota`, { env: root })).stdout)).toEqual({
      remain_quota: 42,
    });
    expect((await runCli(`tokens disable ${id}`, { env: root })).code).toBe(0);
    expect((await runCli(`tokens delete ${id}`, { env: root })).code).toBe(3);
    expect((await runCli(`tokens delete ${id} --yes`, { env: root })).code).toBe(0);
    expect((await runCli(`tokens get ${id}`, { env: root })).code).toBe(6);
  });
});

describe('users', () => {
  it('lists users with quotas in currency on a terminal', async () => {
    const r = await runCli('users list', { env: root });
    expect(r.stdout).toContain('3\talice\tAlice\tcommon\tenabled\tdefault\t$20.00\t');
  });

  it('adds quota, changes the group, bans and unbans', async () => {
    const id = server.mock.credentials.users.bob.id;
    const add = await runCli(['users', 'add-quota', String(id), '$1'], { env: root });
    expect(add.stderr).toContain('now has $6.00');
    expect((await runCli(`users update ${id} --group default`, { env: root })).code).toBe(0);
    expect(JSON.parse((await runCli(`users get ${id} --json group,quota`, { env: root })).stdout)).toEqual({
      group: 'default',
      quota: 3_000_000,
    });
    expect((await runCli(`users disable ${id}`, { env: root })).code).toBe(3);
    expect((await runCli(`users disable ${id} --yes`, { env: root })).stderr).toContain(
      'now common, disabled',
    );
    expect((await runCli(`users enable ${id}`, { env: root })).code).toBe(0);
  });

  it('creates a user from SWB_NEW_PASSWORD and refuses a common user (exit 5)', async () => {
    const r = await runCli('users create --username carol', {
      env: { ...root, SWB_NEW_PASSWORD: 'carol-pass-1' },
    });
    expect(r.code).toBe(0);
    expect((await runCli('users search carol --json username', { env: root })).stdout).toContain('carol');
    expect((await runCli('users list', { env: alice })).code).toBe(5);
  });
});

describe('options', () => {
  it('reads one option raw and refuses invalid values before sending (exit 2)', async () => {
    expect(await runCli('options get RetryTimes', { env: root })).toEqual({
      code: 0,
      stdout: '0\n',
      stderr: '',
    });
    const bad = await runCli('options set RetryTimes abc', { env: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: RetryTimes: /);
    const badJson = await runCli(['options', 'set', 'ModelRatio', '{oops'], { env: root });
    expect(badJson.code).toBe(2);
    expect((await runCli('options set RetryTimes 2', { env: root })).code).toBe(0);
    expect((await runCli('options get RetryTimes', { env: root })).stdout).toBe('2\n');
    expect((await runCli('options get NoSuchOption', { env: root })).code).toBe(6);
  });
});

describe('logs', () => {
  it('filters, sums and exports every page', async () => {
    const list = JSON.parse(
      (await runCli('logs list --type consume --username alice -L 5 --json', { env: root })).stdout,
    );
    expect(list).toHaveLength(5);
    for (const l of list) expect(l).toMatchObject({ type: 2, username: 'alice' });
    const stat = JSON.parse((await runCli('logs stat --json', { env: root })).stdout);
    expect(stat.quota).toBeGreaterThan(0);
    const dir = mkdtempSync(join(tmpdir(), 'swb-logs-'));
    const csv = await runCli('logs export --format csv --out all.csv --username bob', {
      env: root,
      cwd: dir,
    });
    expect(csv.code).toBe(0);
    const lines = readFileSync(join(dir, 'all.csv'), 'utf8').trim().split('\n');
    const count = Number(/Exported (\d+)/.exec(csv.stderr)![1]);
    expect(count).toBeGreaterThan(100);
    expect(lines).toHaveLength(count + 1);
    expect(lines[0]).toMatch(/^id,created_at,type,/);
    const jsonl = await runCli('logs export --username bob', { env: root });
    const rows = jsonl.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: number });
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r.id)).size).toBe(count);
  });

  it('clears old logs only with --yes and a readable date', async () => {
    expect((await runCli('logs clear --before 6d', { env: root })).code).toBe(3);
    expect((await runCli('logs clear --before soon --yes', { env: root })).code).toBe(2);
    const r = await runCli('logs clear --before 6d --yes', { env: root });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/Deleted \d+ log/);
  });

  it('follows new entries as they land until Ctrl-C (exit 130)', async () => {
    const controller = new AbortController();
    const following = runCli('logs tail -f --interval 0.2 -n 1 --self --json', {
      env: alice,
      signal: controller.signal,
    });
    await new Promise((r) => setTimeout(r, 500));
    expect((await runCli(['chat', 'Say hi', '--model', 'gpt-4o'], { env: alice })).code).toBe(0);
    await server.mock.ctx.flush();
    await new Promise((r) => setTimeout(r, 1500));
    controller.abort();
    const r = await following;
    expect(r.code).toBe(130);
    const entries = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { model_name: string; id: number });
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.at(-1)!.model_name).toBe('gpt-4o');
    expect(entries.at(-1)!.id).toBeGreaterThan(entries[0]!.id);
  });

  it('tails the latest entries', async () => {
    const r = await runCli('logs tail -n 3 --self --json', { env: alice });
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
  });
});

describe('pricing, models, redeem, chat and api', () => {
  it('shows public pricing and usable models', async () => {
    const p = await runCli('pricing --model gpt-4o-mini --json model_name', {
      env: { SWB_URL: server.mock.url },
    });
    expect(JSON.parse(p.stdout)).toEqual([{ model_name: 'gpt-4o-mini' }]);
    expect(JSON.parse((await runCli('models --json', { env: alice })).stdout)).toContain('gpt-4o');
  });

  it('redeems a code', async () => {
    const code = server.mock.credentials.redemptions.find((c) => c.status === 1)!;
    const r = await runCli(['redeem', code.key], { env: alice });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/Redeemed: \$\d+\.\d\d added/);
    expect((await runCli(['redeem', code.key], { env: alice })).code).not.toBe(0);
  });

  it('streams a chat answer through the relay with the user’s own key', async () => {
    const r = await runCli(['chat', 'Say hi', '--model', 'gpt-4o-mini'], { env: alice });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().length).toBeGreaterThan(0);
    expect(r.stderr).toMatch(/tokens: \d+ prompt, \d+ completion/);
  });

  it('calls any endpoint, pages through lists and maps business errors', async () => {
    expect((await runCli('api GET /api/status --jq .data.system_name', { env: root })).stdout).toBe(
      'Switchboard\n',
    );
    const all = await runCli('api GET /api/log/?p=1 --paginate --jq length', { env: root });
    expect(Number(all.stdout)).toBeGreaterThan(100);
    const missing = await runCli('api GET /api/channel/999', { env: root });
    expect(missing.code).toBe(6);
    expect((await runCli('api FETCH /api/status', { env: root })).code).toBe(2);
    expect((await runCli(['api', 'POST', '/api/option/', '--data', '{bad'], { env: root })).code).toBe(2);
  });
});
