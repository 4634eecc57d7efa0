import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/helpers/run-cli.js';

let server: Awaited<ReturnType<typeof startServer>>;
let env: Record<string, string>;
beforeAll(async () => {
  server = await startServer();
  env = { ...(await server.env()), TZ: 'UTC' };
});
afterAll(() => server.mock.close());

describe('channels list', () => {
  it('prints a table on a terminal', async () => {
    const r = await runCli('channels list -L 4', { env, tty: true });
    expect(r.code).toBe(0);
    expect(stripVTControlCharacters(r.stdout)).toMatchInlineSnapshot(`
      "ID  NAME            TYPE    STATUS    GROUP        PRIORITY  WEIGHT  TAG     LATENCY
      1   openai-primary  OpenAI  enabled   default,vip  10        5       openai  1654 ms
      3   azure-eastus    Azure   disabled  default      5         1       azure   1047 ms
      7   custom-llama    Custom  enabled   vip          0         1               1667 ms
      6   gemini-main     Gemini  enabled   default,vip  0         1               941 ms
      "
    `);
  });

  it('drops colour on a terminal under NO_COLOR and with --no-color', async () => {
    const noColor = await runCli('channels list -L 1', { env: { ...env, NO_COLOR: '1' }, tty: true });
    expect(noColor.stdout).toBe(stripVTControlCharacters(noColor.stdout));
    expect(noColor.stdout).toMatch(/^ID {2}NAME/);
    const flag = await runCli('channels list -L 1 --no-color', { env, tty: true });
    expect(flag.stdout).toBe(noColor.stdout);
  });

  it('prints tab-separated lines, without colour, when piped', async () => {
    const r = await runCli('channels list -L 3', { env });
    expect(r).toMatchInlineSnapshot(`
      {
        "code": 0,
        "stderr": "",
        "stdout": "1	openai-primary	OpenAI	enabled	default,vip	10	5	openai	1654 ms
      3	azure-eastus	Azure	disabled	default	5	1	azure	1047 ms
      7	custom-llama	Custom	enabled	vip	0	1		1667 ms
      ",
      }
    `);
  });

  it('prints the SDK objects with --json, only the fields asked for', async () => {
    const r = await runCli('channels list --json id,name,status -L 2', { env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { id: 1, name: 'openai-primary', status: 1 },
      { id: 3, name: 'azure-eastus', status: 2 },
    ]);
    const full = JSON.parse((await runCli('channels list --json -L 1', { env })).stdout) as Record<
      string,
      unknown
    >[];
    expect(full[0]).toMatchObject({
      id: 1,
      key: '',
      models: expect.stringContaining('gpt-4o'),
      priority: 10,
    });
  });

  it('filters with --jq and prints strings raw', async () => {
    const r = await runCli(['channels', 'list', '--jq', '.[] | select(.status != 1) | .name'], { env });
    expect(r).toEqual({ code: 0, stdout: 'azure-eastus\ngemini-free\n', stderr: '' });
  });

  it('prints YAML and CSV', async () => {
    const yaml = await runCli('channels list -o yaml -L 1', { env });
    expect(yaml.stdout).toContain('- id: 1\n  type: 1\n');
    const csv = await runCli('channels list -o csv -L 2', { env });
    expect(csv.stdout.split('\n').slice(0, 3)).toEqual([
      'id,name,type,status,group,priority,weight,tag,response_time',
      expect.stringMatching(/^1,openai-primary,1,1,"default,vip",10,5,openai,\d+$/),
      expect.stringMatching(/^3,azure-eastus,3,2,default,5,1,azure,\d+$/),
    ]);
  });

  it('rejects an unknown output format and a broken jq expression as usage errors', async () => {
    expect((await runCli('channels list -o xml', { env })).code).toBe(2);
    const bad = await runCli(['channels', 'list', '--jq', '.[] | nope'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('Invalid --jq expression');
  });
});

describe('channels get, search and errors', () => {
  it('gets one channel as field lines', async () => {
    const r = await runCli('channels get 2', { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('name\topenai-backup\n');
    expect(r.stdout).toContain('models\tgpt-4o,gpt-4o-mini\n');
  });

  it('exits 6 for a missing channel, with the server message', async () => {
    const r = await runCli('channels get 999', { env });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^error: .+\n/);
    expect(r.stdout).toBe('');
  });

  it('exits 2 for a bad id, an unknown flag and an unknown command', async () => {
    expect((await runCli('channels get abc', { env })).code).toBe(2);
    const flag = await runCli('channels list --bogus', { env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("unknown option '--bogus'");
    expect((await runCli('nonsense', { env })).code).toBe(2);
  });

  it('exits 0 with nothing on stdout for an empty search', async () => {
    const r = await runCli('channels search no-such-channel', { env });
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
    const tty = await runCli('channels search no-such-channel', { env, tty: true });
    expect(tty).toEqual({ code: 0, stdout: '', stderr: 'No results.\n' });
  });

  it('exits 4 without credentials and 5 for a common user', async () => {
    const none = await runCli('channels list', { env: { SWB_URL: server.mock.url } });
    expect(none.code).toBe(4);
    expect(none.stderr).toContain('hint: try `swb login');
    const alice = await runCli('channels list', { env: await server.env('alice') });
    expect(alice.code).toBe(5);
  });
});

describe('channels writes', () => {
  it('refuses a destructive verb without --yes when not on a terminal (exit 3), naming the flag', async () => {
    const r = await runCli('channels delete 2', { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('--yes');
    expect((await runCli('channels get 2', { env })).code).toBe(0);
  });

  it('asks on a terminal and stops when declined', async () => {
    const r = await runCli('channels delete 2', {
      env,
      answers: { 'Delete channel 2 (openai-backup)?': false },
    });
    expect(r.code).toBe(3);
    expect((await runCli('channels get 2', { env })).code).toBe(0);
  });

  it('creates a channel from flags and fails naming the missing flag without a terminal', async () => {
    const missing = await runCli('channels create --type 1 --name x', { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('pass --key-file');
    const r = await runCli('channels create --type 1 --name cli-made --models gpt-4o --priority 3', {
      env: { ...env, SWB_CHANNEL_KEY: 'sk-cli-made' },
    });
    expect(r.code).toBe(0);
    const found = JSON.parse((await runCli('channels search cli-made --json name,priority', { env })).stdout);
    expect(found).toEqual([{ name: 'cli-made', priority: 3 }]);
  });

  it('walks through type, name, key and models on a terminal, validating with the SDK', async () => {
    const r = await runCli('channels create', {
      env,
      answers: {
        'Channel type': '14',
        Name: 'asked-for',
        Key: 'sk-ant-x',
        'Models (comma-separated)': 'claude-3-5-haiku-20241022',
      },
    });
    expect(r.code).toBe(0);
    const [c] = JSON.parse((await runCli('channels search asked-for --json', { env })).stdout);
    expect(c).toMatchObject({ name: 'asked-for', type: 14, models: 'claude-3-5-haiku-20241022' });
  });

  it('rejects invalid fields before sending', async () => {
    const r = await runCli('channels create --type 1 --name bad --models gpt-4o --model-mapping {oops', {
      env: { ...env, SWB_CHANNEL_KEY: 'k' },
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('model_mapping');
  });

  it('disables, enables, updates and deletes with --yes', async () => {
    expect((await runCli('channels disable 2', { env })).stderr).toContain(
      'Disabled channel 2 (openai-backup).',
    );
    expect(JSON.parse((await runCli('channels get 2 --json status', { env })).stdout)).toEqual({ status: 2 });
    expect((await runCli('channels enable 2', { env })).code).toBe(0);
    expect((await runCli('channels update 2 --weight 7', { env })).code).toBe(0);
    expect(JSON.parse((await runCli('channels get 2 --json status,weight', { env })).stdout)).toEqual({
      status: 1,
      weight: 7,
    });
    expect((await runCli('channels update 2', { env })).code).toBe(2);
    expect((await runCli('channels delete 2 --yes', { env })).code).toBe(0);
    expect((await runCli('channels get 2', { env })).code).toBe(6);
  });

  it('tests every channel with a result table, exiting 1 when one fails', async () => {
    const r = await runCli('channels test --all --json', { env });
    const rows = JSON.parse(r.stdout) as { name: string; success: boolean }[];
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.find((x) => x.name === 'openai-primary')?.success).toBe(true);
    expect(r.code).toBe(rows.every((x) => x.success) ? 0 : 1);
    const one = await runCli('channels test 1', { env });
    expect(one.code).toBe(0);
    expect(one.stderr).toMatch(/Channel 1 answered in \d+ ms/);
  });

  it('manages tags', async () => {
    expect((await runCli('channels tag set blue 1 4', { env })).stderr).toContain(
      'Tagged 2 channel(s) "blue"',
    );
    expect((await runCli('channels tag disable blue', { env })).code).toBe(0);
    const after = JSON.parse((await runCli('channels list --json name,status,tag', { env })).stdout) as {
      tag: string;
      status: number;
    }[];
    expect(after.filter((c) => c.tag === 'blue').map((c) => c.status)).toEqual([2, 2]);
    expect((await runCli('channels tag edit blue --priority 4', { env })).code).toBe(0);
    expect((await runCli('channels tag enable blue', { env })).code).toBe(0);
  });
});
