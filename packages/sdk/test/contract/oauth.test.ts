import {
  createMockServer,
  signTelegramLogin,
  startOAuthProvider,
  startSiteverify,
  startWeChatServer,
  type FakeOAuthProvider,
  type FakeSiteverify,
  type FakeWeChatServer,
  type MockServer,
} from '@switchboard/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../src/client.js';
import { BusinessError, PermissionDeniedError } from '../../src/core/errors.js';

/**
 * `client.oauth` against a mock-server whose GitHub, Linux DO, WeChat server and siteverify are loopback fakes
 * of the real protocols (a live server's providers are out of reach, so this file needs mock-server).
 */
const live = Boolean(process.env['API_BASE_URL']);
const BOT_TOKEN = '424242:contract-bot';

describe.skipIf(live)('client.oauth', () => {
  let server: MockServer;
  let github: FakeOAuthProvider;
  let linuxdo: FakeOAuthProvider;
  let wechat: FakeWeChatServer;
  let siteverify: FakeSiteverify;
  let root: Client;
  const client = () => new Client({ baseUrl: server.url, strictResponses: true, lang: 'en', maxRetries: 0 });
  const loggedIn = async (username: string, password: string) => {
    const c = client();
    await c.users.login({ username, password });
    return c;
  };
  const alice = () =>
    loggedIn(server.credentials.users.alice.username, server.credentials.users.alice.password);

  beforeAll(async () => {
    [github, linuxdo, wechat, siteverify] = await Promise.all([
      startOAuthProvider({ flavour: 'github', clientId: 'gh-id', clientSecret: 'gh-secret' }),
      startOAuthProvider({ flavour: 'linuxdo', clientId: 'ld-id', clientSecret: 'ld-secret' }),
      startWeChatServer({ token: 'wx-token' }),
      startSiteverify({ secret: 'ts-secret' }),
    ]);
    server = await createMockServer({
      seed: 1,
      providerUrls: {
        githubOAuth: github.url,
        githubApi: github.url,
        linuxdoOAuth: linuxdo.url,
        turnstileVerify: siteverify.verifyUrl,
      },
    });
    const users = server.credentials.users;
    root = await loggedIn(users.root.username, users.root.password);
    await root.options.updateMany([
      { key: 'GitHubClientId', value: 'gh-id' },
      { key: 'GitHubClientSecret', value: 'gh-secret' },
      { key: 'GitHubOAuthEnabled', value: 'true' },
      { key: 'LinuxDOClientId', value: 'ld-id' },
      { key: 'LinuxDOClientSecret', value: 'ld-secret' },
      { key: 'LinuxDOOAuthEnabled', value: 'true' },
      { key: 'WeChatServerAddress', value: wechat.url },
      { key: 'WeChatServerToken', value: 'wx-token' },
      { key: 'WeChatAuthEnabled', value: 'true' },
      { key: 'TelegramBotToken', value: BOT_TOKEN },
      { key: 'TelegramBotName', value: 'contract_bot' },
      { key: 'TelegramOAuthEnabled', value: 'true' },
      { key: 'RegisterEnabled', value: 'true' },
    ]);
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([github?.close(), linuxdo?.close(), wechat?.close(), siteverify?.close()]);
  });

  it('shows the providers in the status', async () => {
    expect(await client().status.get()).toMatchObject({
      github_oauth: true,
      github_client_id: 'gh-id',
      linuxdo_oauth: true,
      wechat_login: true,
      telegram_oauth: true,
      telegram_bot_name: 'contract_bot',
    });
  });

  it('signs up and in with GitHub, with an invitation code; a replayed state is a PermissionDeniedError', async () => {
    const inviter = await alice();
    const aff = await inviter.users.self.getAffCode();
    const c = client();
    const state = await c.oauth.state({ aff });
    expect(state).toMatch(/^\w{12}$/);
    github.signIn({ id: 1, login: 'octocat', name: 'The Octocat' });
    const { code } = await github.approve(state);
    const result = await c.oauth.github({ code, state });
    expect(result).toMatchObject({
      action: 'login',
      user: { username: expect.stringMatching(/^github_\d+$/) },
    });
    const self = await c.users.self.get();
    expect(self).toMatchObject({ github_id: 'octocat', display_name: 'The Octocat' });
    expect(self.inviter_id).toBe((await inviter.users.self.get()).id);
    await expect(c.oauth.github({ code, state })).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('binds Linux DO to the signed-in user, and refuses it for another', async () => {
    const c = await alice();
    const state = await c.oauth.state();
    linuxdo.signIn({ id: 77, login: 'neo', name: 'Neo' });
    expect(await c.oauth.linuxdo({ ...(await linuxdo.approve(state)), state })).toEqual({ action: 'bind' });
    expect((await c.users.self.get()).linux_do_id).toBe('77');
    const other = await loggedIn(
      server.credentials.users.admin.username,
      server.credentials.users.admin.password,
    );
    const again = await other.oauth.state();
    await expect(other.oauth.linuxdo({ ...(await linuxdo.approve(again)), state: again })).rejects.toThrow(
      'this Linux DO account is already bound',
    );
  });

  it('logs in and binds with WeChat codes', async () => {
    const c = client();
    const first = await c.oauth.wechat(wechat.issueCode('wx-contract'));
    expect(first).toMatchObject({ action: 'login', user: { display_name: 'WeChat User' } });
    const owner = await loggedIn(
      server.credentials.users.admin.username,
      server.credentials.users.admin.password,
    );
    await expect(owner.oauth.wechatBind(wechat.issueCode('wx-admin'))).resolves.toBeUndefined();
    expect((await owner.users.self.get()).wechat_id).toBe('wx-admin');
    await expect(owner.oauth.wechatBind(wechat.issueCode('wx-contract'))).rejects.toBeInstanceOf(
      BusinessError,
    );
  });

  it('binds Telegram (the redirect is success) and logs in with it; a bad hash is refused', async () => {
    const c = await alice();
    const fields = signTelegramLogin(BOT_TOKEN, {
      id: 9001,
      first_name: 'Tele',
      auth_date: Math.floor(Date.now() / 1000),
    });
    const params = { ...fields, id: fields['id']!, auth_date: fields['auth_date']!, hash: fields['hash']! };
    await expect(c.oauth.telegramBind(params)).resolves.toBeUndefined();
    expect((await c.users.self.get()).telegram_id).toBe('9001');
    const login = await client().oauth.telegramLogin(params);
    expect(login).toMatchObject({ action: 'login', user: { id: (await c.users.self.get()).id } });
    await expect(client().oauth.telegramLogin({ ...params, hash: '0'.repeat(64) })).rejects.toThrow(
      'invalid request',
    );
    await expect(c.oauth.telegramBind({ ...params, first_name: 'Forged' })).rejects.toThrow(
      'invalid request',
    );
  });

  it('binds Telegram with a bind nonce alone, as the redirect from telegram.org arrives; once', async () => {
    const { username, password } = server.credentials.users.admin;
    const owner = await loggedIn(username, password);
    const nonce = await owner.oauth.telegramBindNonce();
    expect(nonce).toMatch(/^[\w-]{32}$/);
    const fields = signTelegramLogin(BOT_TOKEN, {
      id: 9002,
      first_name: 'Nonce',
      auth_date: Math.floor(Date.now() / 1000),
    });
    const params = { ...fields, id: fields['id']!, auth_date: fields['auth_date']!, hash: fields['hash']! };
    // A client without the session cookie: the nonce names the session.
    await expect(client().oauth.telegramBind({ ...params, bind_nonce: nonce })).resolves.toBeUndefined();
    expect((await owner.users.self.get()).telegram_id).toBe('9002');
    await expect(client().oauth.telegramBind({ ...params, bind_nonce: nonce })).rejects.toThrow(
      'the bind link has expired or was already used',
    );
  });

  it('sends the Turnstile token with login and the OAuth state', async () => {
    await root.options.updateMany([
      { key: 'TurnstileSiteKey', value: 'site-key' },
      { key: 'TurnstileSecretKey', value: 'ts-secret' },
      { key: 'TurnstileCheckEnabled', value: 'true' },
    ]);
    try {
      const c = client();
      await expect(c.oauth.state()).rejects.toThrow('the Turnstile token is empty');
      await expect(c.oauth.state({}, { turnstile: 'forged' })).rejects.toThrow('Turnstile check failed');
      await expect(c.oauth.state({}, { turnstile: siteverify.issueToken() })).resolves.toMatch(/^\w{12}$/);
      const { username, password } = server.credentials.users.alice;
      await expect(c.users.login({ username, password })).resolves.toMatchObject({ username });
    } finally {
      await root.options.update('TurnstileCheckEnabled', false);
    }
  });
});
