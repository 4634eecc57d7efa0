import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/helpers/run-cli.js';

let server: Awaited<ReturnType<typeof startServer>>;
let env: Record<string, string>;
let dir: string;
beforeAll(async () => {
  server = await startServer();
  env = { ...(await server.env()), OPENAI_KEY: 'sk-from-env-1' };
  dir = mkdtempSync(join(tmpdir(), 'swb-gw-'));
});
afterAll(() => server.mock.close());

const run = (line: string | string[], extra: Record<string, string> = {}) =>
  runCli(line, { env: { ...env, ...extra }, cwd: dir });

interface Doc {
  version: number;
  channels: Record<string, unknown>[];
  options: Record<string, unknown>;
  pricing: Record<string, Record<string, unknown>>;
  budgets: { users: Record<string, { period: string; period_quota: number; period_requests: number }> };
}
const read = (name: string) => parse(readFileSync(join(dir, name), 'utf8')) as Doc;
const write = (name: string, doc: Doc) => writeFileSync(join(dir, name), stringify(doc));
/** Plans `name`: the exported gateway.yaml with `edit` applied. */
const planEdited = (name: string, edit: (doc: Doc) => void) => {
  const doc = read('gateway.yaml');
  edit(doc);
  write(name, doc);
  return run(`plan -f ${name}`);
};

describe('export', () => {
  it('writes channels without keys, typed options and pricing maps, in a stable order', async () => {
    const r = await run('export -f gateway.yaml');
    expect(r.code).toBe(0);
    const text = readFileSync(join(dir, 'gateway.yaml'), 'utf8');
    expect(text).not.toMatch(/sk-proj-|sk-ant-|AIza/);
    const doc = read('gateway.yaml');
    const names = doc.channels.map((c) => c.name);
    expect(names).toEqual([...names].sort());
    expect(doc.channels.every((c) => !('key' in c))).toBe(true);
    expect(doc.channels.find((c) => c.name === 'openai-primary')).toMatchObject({
      type: 1,
      status: 'enabled',
      group: ['default', 'vip'],
      priority: 10,
      weight: 5,
    });
    expect(doc.pricing.ModelRatio).toMatchObject({ 'gpt-4o': 1.25 });
    expect(typeof doc.options.RetryTimes).toBe('number');
    expect(Object.keys(doc.options)).toEqual(Object.keys(doc.options).sort());
    const again = await run('export');
    expect(again.stdout).toBe(text);
  });

  it('round-trips: plan of a fresh export shows no changes (exit 0 with --detailed-exitcode)', async () => {
    const r = await run('plan -f gateway.yaml --detailed-exitcode');
    expect(r).toEqual({ code: 0, stdout: 'No changes: the server matches the file.\n', stderr: '' });
    expect((await run('export --format json -f gateway.json')).code).toBe(0);
    expect((await run('plan -f gateway.json --detailed-exitcode --prune')).code).toBe(0);
  });
});

describe('plan', () => {
  it('shows each create, change and delete per field, and which keys are sent and why (exit 2)', async () => {
    const doc = read('gateway.yaml');
    const primary = doc.channels.find((c) => c.name === 'openai-primary')!;
    primary.priority = 11;
    primary.key = '${env:OPENAI_KEY}';
    doc.channels = doc.channels.filter((c) => c.name !== 'custom-llama');
    doc.channels.push({ name: 'new-openai', type: 1, key: '${file:keys/new.txt}', models: ['gpt-4o'] });
    doc.options.RetryTimes = 2;
    doc.pricing.ModelRatio!['gpt-4o'] = 1.5;
    write('changed.yaml', doc);
    const keysDir = join(dir, 'keys');
    (await import('node:fs')).mkdirSync(keysDir, { recursive: true });
    writeFileSync(join(keysDir, 'new.txt'), 'sk-from-file-1\n');
    const r = await run('plan -f changed.yaml --detailed-exitcode');
    expect(r.code).toBe(2);
    expect(r.stdout).toMatchInlineSnapshot(`
      "  ~ channel "openai-primary" (id 1) will be changed
            priority: 10 → 11
            key: sent from \${env:OPENAI_KEY} (the value of \${env:OPENAI_KEY} differs from the server’s key)

        + channel "new-openai" will be created
            type: 1
            models: ["gpt-4o"]
            key: sent from \${file:keys/new.txt} (new channel)

        ~ option RetryTimes will be changed
            RetryTimes: 0 → 2

        ~ pricing ModelRatio will be changed
            gpt-4o: 1.25 → 1.5

      Plan: 1 to create, 3 to change, 0 to delete.
      1 server channel(s) not in the file are kept: custom-llama (--prune deletes them).
      "
    `);
    const pruned = await run('plan -f changed.yaml --prune');
    expect(pruned.stdout).toContain('- channel "custom-llama" (id 7) will be deleted');
  });

  it('refuses literal keys, duplicate names, missing references and bad documents (exit 2)', async () => {
    const literal = await planEdited('literal.yaml', (doc) => (doc.channels[0]!.key = 'sk-literal'));
    expect(literal.code).toBe(2);
    expect(literal.stderr).toContain('secrets never live in the file');

    const d = await planEdited('dup.yaml', (doc) => doc.channels.push({ ...doc.channels[0]! }));
    expect(d.code).toBe(2);
    expect(d.stderr).toContain('appears twice');

    const m = await planEdited('missing.yaml', (doc) => (doc.channels[0]!.key = '${env:NOT_SET_ANYWHERE}'));
    expect(m.code).toBe(2);
    expect(m.stderr).toContain('NOT_SET_ANYWHERE is not set');

    writeFileSync(join(dir, 'broken.yaml'), 'version: 2\n');
    expect((await run('plan -f broken.yaml')).code).toBe(2);
    expect((await run('plan -f nowhere.yaml')).code).toBe(2);
    expect((await run('plan')).code).toBe(2);
  });

  it('refuses to guess between server channels with the same name (exit 7)', async () => {
    await run(['channels', 'create', '--type', '1', '--name', 'twin', '--models', 'gpt-4o', '--key', 'k1']);
    await run(['channels', 'create', '--type', '1', '--name', 'twin', '--models', 'gpt-4o', '--key', 'k2']);
    const r = await planEdited('twin.yaml', (doc) => doc.channels.push({ name: 'twin', type: 1 }));
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('2 channels named "twin"');
    const ids = JSON.parse((await run('channels search twin --json id')).stdout) as { id: number }[];
    for (const { id } of ids) await run(`channels delete ${id} --yes`);
  });
});

describe('apply', () => {
  it('needs --yes without a terminal (exit 3) and changes nothing then', async () => {
    const r = await run('apply -f changed.yaml');
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('--yes');
    expect((await run('plan -f gateway.yaml --detailed-exitcode')).code).toBe(0);
  });

  it('refuses a saved plan once the server has changed (exit 7)', async () => {
    expect((await run('plan -f changed.yaml --out stale.json')).code).toBe(0);
    expect(readFileSync(join(dir, 'stale.json'), 'utf8')).not.toContain('sk-from');
    await run('channels update 1 --weight 9');
    const r = await run('apply stale.json --yes');
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('stale');
    await run('channels update 1 --weight 5');
  });

  it('refuses a saved plan when a key reference’s value changed since (exit 7)', async () => {
    expect((await run('plan -f changed.yaml --out keyed.json')).code).toBe(0);
    const r = await run('apply keyed.json --yes', { OPENAI_KEY: 'sk-other' });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('${env:OPENAI_KEY} changed');
  });

  it('applies a saved plan, reports each object, and leaves nothing to do', async () => {
    expect((await run('plan -f changed.yaml --prune --out plan.json')).code).toBe(0);
    const r = await run('apply plan.json --yes');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatchInlineSnapshot(`
      "✓ update option "RetryTimes"
      ✓ update pricing "ModelRatio"
      ✓ create channel "new-openai"
      ✓ update channel "openai-primary" (id 1)
      ✓ delete channel "custom-llama" (id 7)
      "
    `);
    const after = await run('plan -f changed.yaml --prune --detailed-exitcode');
    expect(after).toMatchObject({ code: 0, stdout: 'No changes: the server matches the file.\n' });
    const newKey = JSON.parse((await run('channels search new-openai --json id')).stdout)[0].id as number;
    expect((await run(`api POST /api/channel/${newKey}/key --jq .data.key`)).stdout.trim()).toBe(
      'sk-from-file-1',
    );
    expect((await run('api POST /api/channel/1/key --jq .data.key')).stdout.trim()).toBe('sk-from-env-1');
  });

  it('sends a key again only when its reference’s value changes', async () => {
    const r = await run('plan -f changed.yaml --prune', { OPENAI_KEY: 'sk-from-env-2' });
    expect(r.stdout).toContain('key: sent from ${env:OPENAI_KEY} (the value of ${env:OPENAI_KEY} differs');
    expect(r.stdout).toContain('Plan: 0 to create, 1 to change, 0 to delete.');
  });

  it('applies a file directly with --yes, creating a disabled channel disabled', async () => {
    const doc = read('changed.yaml');
    doc.channels.push({
      name: 'parked',
      type: 1,
      status: 'disabled',
      key: '${env:OPENAI_KEY}',
      models: 'gpt-4o-mini',
    });
    write('parked.yaml', doc);
    const r = await run('apply -f parked.yaml --yes --json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { kind: 'channel', action: 'create', name: 'parked', result: 'ok' },
    ]);
    const [parked] = JSON.parse((await run('channels search parked --json status')).stdout);
    expect(parked).toEqual({ status: 2 });
  });
});

describe('budgets set by operators', () => {
  it('export, edit, plan and apply a user budget, then plan again finds nothing to do', async () => {
    const alice = server.mock.credentials.users.alice.username;
    await server.mock.db
      .updateTable('users')
      .set({ period: 'day', period_quota: 1000 })
      .where('username', '=', alice)
      .execute();
    expect((await run('export -f budgets.yaml')).code).toBe(0);
    const doc = read('budgets.yaml');
    expect(doc.budgets.users[alice]).toEqual({ period: 'day', period_quota: 1000, period_requests: 0 });
    doc.budgets.users[alice] = { period: 'month', period_quota: 25_000, period_requests: 300 };
    write('budgets-edited.yaml', doc);
    const plan = await run('plan -f budgets-edited.yaml');
    expect(plan.stdout).toContain(`budget ${alice} will be changed`);
    expect(plan.stdout).toContain('period: "day" → "month"');
    expect((await run('apply -f budgets-edited.yaml --yes')).code).toBe(0);
    const row = await server.mock.db
      .selectFrom('users')
      .select(['period', 'period_quota', 'period_requests'])
      .where('username', '=', alice)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ period: 'month', period_quota: 25_000, period_requests: 300 });
    const again = await run('plan -f budgets-edited.yaml --detailed-exitcode');
    expect(again.code).toBe(0);
  });
});
