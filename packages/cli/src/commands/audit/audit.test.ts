import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/helpers/run-cli.js';

let server: Awaited<ReturnType<typeof startServer>>;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startServer();
  env = { ...(await server.env()), TZ: 'UTC' };
  // Two changes to audit: an option set twice through the CLI.
  for (const value of ['First Name', 'Second Name']) {
    expect((await runCli(['options', 'set', 'SystemName', value], { env })).code).toBe(0);
  }
});
afterAll(() => server.mock.close());

const entries = async (line: string) => {
  const r = await runCli(`audit list ${line} --json`, { env });
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Array<Record<string, unknown>>;
};

describe('audit list', () => {
  it('prints the SDK objects with --json, newest first, filtered by target and time', async () => {
    const list = await entries('--target-type option --target SystemName --since 24h');
    expect(list.slice(0, 2).map((e) => (e['after'] as { value: string }).value)).toEqual([
      'Second Name',
      'First Name',
    ]);
    expect(list[0]).toMatchObject({
      actor_name: 'root',
      via: 'access_token',
      action: 'option.update',
      target_type: 'option',
      target_id: 'SystemName',
      before: { value: 'First Name' },
    });
    expect(await entries('--target-type option --since 2099-01-01')).toEqual([]);
    expect(await entries('--target-type option --until 1d --since 2d')).toEqual([]);
  });

  it('filters by actor', async () => {
    const root = server.mock.credentials.users.root.id;
    const admin = server.mock.credentials.users.admin.id;
    expect((await entries(`--actor ${root}`)).length).toBeGreaterThanOrEqual(2);
    expect(await entries(`--actor ${admin}`)).toEqual([]);
  });

  it('prints a table on a terminal', async () => {
    const r = await runCli('audit list --target SystemName -L 1', { env, tty: true });
    expect(r.code).toBe(0);
    const text = stripVTControlCharacters(r.stdout);
    expect(text).toMatch(/^ID\s+TIME\s+ACTOR\s+VIA\s+IP\s+ACTION\s+TARGET\s+CHANGES\n/);
    expect(text).toMatch(/root \(\d+\)\s+token\s+\S+\s+option\.update\s+option SystemName\s+value\n$/);
  });

  it('refuses bad flags as usage errors, and non-root callers', async () => {
    const bad = await runCli('audit list --target-type planet', { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      '--target-type must be one of option, channel, user, token, redemption, log',
    );
    expect((await runCli('audit list --since yesterdayish', { env })).code).toBe(2);
    expect((await runCli('audit list --actor x', { env })).code).toBe(2);
    const admin = await runCli('audit list', { env: await server.env('admin') });
    expect(admin.code).toBe(5); // Forbidden
  });
});

describe('audit show and revert', () => {
  it('shows an entry with its diff, and JSON with --json', async () => {
    const [latest] = await entries('--target SystemName -L 1');
    const r = await runCli(`audit show ${latest!['id']}`, { env, tty: true });
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stdout)).toContain('option.update');
    expect(r.stderr).toContain('value: "First Name" → "Second Name"');
    const json = await runCli(`audit show ${latest!['id']} --json`, { env });
    expect(JSON.parse(json.stdout)).toEqual(latest);
  });

  it('asks before reverting, reverts with --yes, and refuses a second time', async () => {
    const [latest] = await entries('--target SystemName -L 1');
    const id = latest!['id'] as number;
    const declined = await runCli(`audit revert ${id}`, { env });
    expect(declined.code).toBe(3);
    expect(declined.stderr).toContain('--yes');
    const r = await runCli(`audit revert ${id} --yes`, { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/Reverted entry \d+ as entry \d+\./);
    expect(r.stderr).toContain('value: "Second Name" → "First Name"');
    expect(await server.mock.ctx.options.get('SystemName')).toBe('First Name');
    const again = await runCli(`audit revert ${id} --yes`, { env });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/changed since|之后又被修改/);
    const [made] = await entries('--target SystemName -L 1');
    expect(made).toMatchObject({ action: 'option.revert', reverted_from: id });
  });
});
