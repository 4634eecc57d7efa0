import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshConfigDir, runCli, startServer } from '../../../test/helpers/run-cli.js';
import { Profiles } from '../../core/profiles.js';

let server: Awaited<ReturnType<typeof startServer>>;
let root: Record<string, string>;
beforeAll(async () => {
  server = await startServer();
  root = await server.env();
});
afterAll(() => server.mock.close());

describe('login', () => {
  it('saves a token login as the active profile, readable by its owner only', async () => {
    const dir = freshConfigDir();
    const r = await runCli(
      ['login', '--url', server.mock.url, '--user', root.SWB_USER!, '--token', root.SWB_TOKEN!],
      {
        env: { SWB_CONFIG_DIR: dir },
      },
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('as root (id 1); profile "default" is active');
    const profiles = new Profiles(dir);
    expect(profiles.active).toBe('default');
    expect(profiles.get('default')).toMatchObject({ url: server.mock.url, userId: 1, username: 'root' });
    expect(statSync(profiles.path).mode & 0o777).toBe(0o600);
    const who = await runCli('whoami --json id,username', { env: { SWB_CONFIG_DIR: dir } });
    expect(JSON.parse(who.stdout)).toEqual({ id: 1, username: 'root' });
  });

  it('rejects a wrong token with exit 4', async () => {
    const r = await runCli(['login', '--url', server.mock.url, '--user', '1', '--token', 'wrong'], {
      env: { SWB_CONFIG_DIR: freshConfigDir() },
    });
    expect(r.code).toBe(4);
  });

  it('never rotates an access token silently: without a terminal a password login needs --yes', async () => {
    const cred = server.mock.credentials.users.admin;
    const env = { SWB_CONFIG_DIR: freshConfigDir(), SWB_PASSWORD: cred.password };
    const refused = await runCli(['login', '--url', server.mock.url, '--user', 'admin'], { env });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('stops working');
    const ok = await runCli(['login', '--url', server.mock.url, '--user', 'admin', '--yes'], { env });
    expect(ok.code).toBe(0);
    expect(JSON.parse((await runCli('whoami --json username', { env })).stdout)).toEqual({
      username: 'admin',
    });
  });

  it('asks for URL, username, password and the rotation on a terminal', async () => {
    const cred = server.mock.credentials.users.alice;
    const env = { SWB_CONFIG_DIR: freshConfigDir() };
    const r = await runCli('login --name work', {
      env,
      answers: {
        'Server URL': server.mock.url,
        Username: cred.username,
        Password: cred.password,
        'Generate a new access token for alice? Any token scripts already use for this account stops working.': true,
      },
    });
    expect(r.code).toBe(0);
    expect(new Profiles(env.SWB_CONFIG_DIR).active).toBe('work');
  });

  it('fails naming the flag when a value is missing and nothing may prompt', async () => {
    const r = await runCli('login', { env: { SWB_CONFIG_DIR: freshConfigDir(), CI: 'true' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pass --url');
  });
});

describe('settings resolution and profiles', () => {
  it('prefers the flag, then the environment, then the profile', async () => {
    const dir = freshConfigDir();
    new Profiles(dir).set('saved', { url: 'http://127.0.0.1:1', token: root.SWB_TOKEN!, userId: 1 });
    const fromProfile = await runCli('status --json url_from,auth', { env: { SWB_CONFIG_DIR: dir } });
    expect(fromProfile.code).toBe(8);
    const fromEnv = await runCli('status --json url,url_from,auth', {
      env: { SWB_CONFIG_DIR: dir, SWB_URL: server.mock.url },
    });
    expect(JSON.parse(fromEnv.stdout)).toEqual({ url: server.mock.url, url_from: 'env', auth: 'ok' });
    const fromFlag = await runCli(['status', '--json', 'url_from', '--url', server.mock.url], {
      env: { SWB_CONFIG_DIR: dir, SWB_URL: 'http://127.0.0.1:1' },
    });
    expect(JSON.parse(fromFlag.stdout)).toEqual({ url_from: 'flag' });
  });

  it('exits 8 when the server cannot be reached', async () => {
    const r = await runCli('whoami', { env: { ...root, SWB_URL: 'http://127.0.0.1:1' } });
    expect(r.code).toBe(8);
    expect(r.stderr).toContain('hint:');
  });

  it('lists, switches and removes profiles, with tokens masked', async () => {
    const dir = freshConfigDir();
    const env = { SWB_CONFIG_DIR: dir };
    const add = [
      'profile',
      'add',
      'a',
      '--url',
      server.mock.url,
      '--user',
      '1',
      '--token',
      'abcdefghijklmnop',
    ];
    expect((await runCli(add, { env })).code).toBe(0);
    expect((await runCli(['profile', 'add', 'b', '--url', 'http://b.example'], { env })).code).toBe(0);
    const list = await runCli('profile list', { env });
    expect(list.stdout).toBe(`*\ta\t${server.mock.url}\t\t1\tabcdef…mnop\n\tb\thttp://b.example\t\t\t\n`);
    expect((await runCli('profile use b', { env })).code).toBe(0);
    expect((await runCli('profile use nope', { env })).code).toBe(2);
    expect((await runCli('profile remove a', { env })).code).toBe(3);
    expect((await runCli('profile remove a --yes', { env })).code).toBe(0);
    expect((await runCli('profile list --json name', { env })).stdout).toContain('"b"');
    expect((await runCli('whoami --profile missing', { env })).code).toBe(2);
    expect((await runCli('logout', { env })).code).toBe(0);
  });

  it('documents exit codes and settings', async () => {
    const codes = await runCli('help exit-codes');
    expect(codes.code).toBe(0);
    for (const code of [0, 1, 2, 3, 4, 5, 6, 7, 8, 130])
      expect(codes.stdout).toMatch(new RegExp(`^\\s+${code}  `, 'm'));
    expect((await runCli('help environment')).stdout).toContain('SWB_PROFILE');
    const help = await runCli('channels list --help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Examples:\n  $ swb channels list');
  });
});
