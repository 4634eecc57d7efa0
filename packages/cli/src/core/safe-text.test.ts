import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runCli, startServer } from '../../test/helpers/run-cli.js';
import { safeText } from './safe-text.js';

// A display name as a row written before the server refused such names (or by another new-api) holds it:
// it sets the terminal title, turns text red, adds a TSV column and a row, and reverses the rest.
const EVIL = 'Al\u001b]0;pwned\u0007\u001b[31mice\tadmin\n99\u202eevil\u007f\u0085';
const SHOWN = 'Al\\x1b]0;pwned\\x07\\x1b[31mice\\tadmin\\n99\\u202eevil\\x7f\\x85';
const MODEL = 'gpt\u001b[2J\tx';

let server: Awaited<ReturnType<typeof startServer>>;
let env: Record<string, string>;
let alice: number;
beforeAll(async () => {
  server = await startServer();
  env = { ...(await server.env()), TZ: 'UTC', NO_COLOR: '1' };
  alice = server.mock.credentials.users.alice.id;
  await server.mock.db.updateTable('users').set({ display_name: EVIL }).where('id', '=', alice).execute();
  const newest = await server.mock.db
    .selectFrom('logs')
    .select('id')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await server.mock.db.updateTable('logs').set({ model_name: MODEL }).where('id', '=', newest.id).execute();
});
afterAll(() => server.mock.close());

// eslint-disable-next-line no-control-regex -- no control character may reach the output
const noControls = (text: string) => expect(text).not.toMatch(/[\u001b\u0007\u007f\u0085\u202e\r]/);

describe('text output escapes control characters in server text', () => {
  it('table: one line per row, no escape sequence reaches the terminal', async () => {
    const r = await runCli('users list -L 50', { env, tty: true });
    expect(r.code).toBe(0);
    noControls(r.stdout);
    const line = r.stdout.split('\n').find((l) => l.includes('Al\\x1b'));
    expect(line).toContain(SHOWN);
  });

  it('tsv: the name stays in its column and its row', async () => {
    const r = await runCli('users list -L 50', { env });
    noControls(r.stdout);
    const rows = r.stdout.trimEnd().split('\n');
    const row = rows.find((l) => l.startsWith(`${alice}\t`))!.split('\t');
    expect(row[2]).toBe(SHOWN);
    expect(row).toHaveLength(9);
    const json = JSON.parse((await runCli('users list -L 50 --json', { env })).stdout) as unknown[];
    expect(rows).toHaveLength(json.length);
  });

  it('csv: one record per line, the name in one cell', async () => {
    const r = await runCli('users list -L 50 -o csv', { env });
    noControls(r.stdout);
    const line = r.stdout.split('\n').find((l) => l.startsWith(`${alice},`))!;
    expect(line.split(',')[2]).toBe(SHOWN);
  });

  it('item output, as a table and as tsv', async () => {
    const table = await runCli(`users get ${alice}`, { env, tty: true });
    noControls(table.stdout);
    expect(table.stdout).toMatch(
      new RegExp(`^NAME +${SHOWN.replaceAll('\\', '\\\\').replace(/[[\]]/g, '\\$&')}$`, 'm'),
    );
    const tsv = await runCli(`users get ${alice}`, { env });
    expect(tsv.stdout.split('\n')).toContain(`display_name\t${SHOWN}`);
  });

  it('json and yaml stay exact', async () => {
    const json = await runCli(`users get ${alice} --json`, { env });
    expect((JSON.parse(json.stdout) as { display_name: string }).display_name).toBe(EVIL);
    const yaml = await runCli(`users get ${alice} -o yaml`, { env });
    expect((parseYaml(yaml.stdout) as { display_name: string }).display_name).toBe(EVIL);
  });

  it('logs tail: the model name stays in its column', async () => {
    const r = await runCli('logs tail -n 1', { env });
    expect(r.code).toBe(0);
    noControls(r.stdout);
    expect(r.stdout.split('\t')[3]).toBe('gpt\\x1b[2J\\tx');
  });
});

describe('safeText', () => {
  it('escapes C0, DEL, C1, line separators and bidi controls, and keeps what it is told to', () => {
    expect(safeText('a\u0000b\u001fc\u2028d\u2066e\u2069')).toBe('a\\x00b\\x1fc\\u2028d\\u2066e\\u2069');
    expect(safeText('line 1\nline\t2\r', '\n')).toBe('line 1\nline\\t2\\r');
    expect(safeText('שלום\u200f 渠道 ü')).toBe('שלום\u200f 渠道 ü');
  });
});
