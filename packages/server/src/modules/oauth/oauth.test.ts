import {
  signTelegramLogin,
  startOAuthProvider,
  startWeChatServer,
  type FakeOAuthProvider,
  type FakeWeChatServer,
} from '@switchboard/mock-server/providers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-db.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { expectRefusal } from '../../testing/refusal.js';
import { OAUTH_STATE_TTL_S } from '../auth/visitor-sessions.js';
import { Browser } from './oauth-test-kit.js';
import { TELEGRAM_MAX_AGE_S } from './telegram.js';

const BOT_TOKEN = '123456:TEST-bot-token';
const WECHAT_TOKEN = 'wechat-server-token';

let github: FakeOAuthProvider;
let linuxdo: FakeOAuthProvider;
let wechat: FakeWeChatServer;

beforeAll(async () => {
  [github, linuxdo, wechat] = await Promise.all([
    startOAuthProvider({ flavour: 'github', clientId: 'gh-client', clientSecret: 'gh-secret' }),
    startOAuthProvider({ flavour: 'linuxdo', clientId: 'ld-client', clientSecret: 'ld-secret' }),
    startWeChatServer({ token: WECHAT_TOKEN }),
  ]);
});
afterAll(async () => {
  await Promise.all([github.close(), linuxdo.close(), wechat.close()]);
});

describe.each(testDialects())('third-party sign-in on %s', (dialect) => {
  let t: TestApp;
  let clock = Math.floor(Date.now() / 1000);
  let accounts = 0;
  const account = (name = 'octo') => ({
    id: 1000 + ++accounts,
    login: `${name}${accounts}`,
    name: `Name ${accounts}`,
  });
  const row = (id: number) =>
    t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sessions = async (userId: number) =>
    (await t.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

  /** Browser → state → provider → callback, as the console's login button and callback page do. */
  const signInWith = async (
    b: Browser,
    provider: FakeOAuthProvider,
    who: ReturnType<typeof account>,
    stateQuery = '',
  ) => {
    const state = await b.state(stateQuery);
    provider.signIn(who);
    const { code } = await provider.approve(state);
    const path = provider === github ? 'github' : 'linuxdo';
    return b.get(`/api/oauth/${path}?code=${code}&state=${state}`);
  };

  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      now: () => clock,
      config: {
        providerUrls: {
          githubOAuth: github.url,
          githubApi: github.url,
          linuxdoOAuth: linuxdo.url,
        },
      },
    });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    clock = Math.floor(Date.now() / 1000);
    for (const [key, value] of Object.entries({
      RegisterEnabled: 'true',
      GitHubClientId: 'gh-client',
      GitHubClientSecret: 'gh-secret',
      GitHubOAuthEnabled: 'true',
      LinuxDOClientId: 'ld-client',
      LinuxDOClientSecret: 'ld-secret',
      LinuxDOOAuthEnabled: 'true',
      WeChatServerAddress: wechat.url,
      WeChatServerToken: WECHAT_TOKEN,
      WeChatAuthEnabled: 'true',
      TelegramBotToken: BOT_TOKEN,
      TelegramBotName: 'switchboard_bot',
      TelegramOAuthEnabled: 'true',
      QuotaForNewUser: '100',
      QuotaForInviter: '500',
      QuotaForInvitee: '70',
    }))
      await t.ctx.options.set(key, value);
  });

  describe('GitHub', () => {
    it('registers a new account with the invitation code given with the state, in a revocable session', async () => {
      const inviter = await t.userWithRole(1);
      const b0 = new Browser(t);
      b0.cookies.set('session', inviter.headers.cookie!.replace(/^session=/, ''));
      b0.userId = inviter.id;
      const aff = (await b0.get('/api/user/aff')).json().data as string;

      const b = new Browser(t);
      const who = account();
      const res = await signInWith(b, github, who, `?aff=${aff}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, message: '' });
      expect(body.data).toEqual({
        id: expect.any(Number),
        username: `github_${body.data.id}`,
        display_name: who.name,
        role: 1,
        status: 1,
        group: 'default',
      });
      expect(await row(body.data.id)).toMatchObject({
        github_id: who.login,
        inviter_id: inviter.id,
        quota: 170,
      });
      expect(await row(inviter.id)).toMatchObject({ aff_count: 1, aff_quota: 500 });
      // The token exchange sent the app's credentials and the code, as GitHub expects.
      const exchange = github.requests.findLast((r) => r.path === '/login/oauth/access_token')!;
      expect(exchange.body).toMatchObject({ client_id: 'gh-client', client_secret: 'gh-secret' });

      b.userId = body.data.id;
      expect((await b.get('/api/user/self')).json().data).toMatchObject({
        id: body.data.id,
        github_id: who.login,
      });
      expect(await sessions(body.data.id)).toBe(1);
      await b.get('/api/user/logout');
      expect(await sessions(body.data.id)).toBe(0);
      expect((await b.get('/api/user/self')).statusCode).toBe(401);
    });

    it('logs a bound account in again, with a session of its own', async () => {
      const who = account();
      const first = (await signInWith(new Browser(t), github, who)).json();
      const again = await signInWith(new Browser(t), github, who);
      expect(again.json()).toMatchObject({ success: true, data: { id: first.data.id } });
      expect(await sessions(first.data.id)).toBe(2);
    });

    it('binds to the signed-in user, answering "bind", and refuses an account bound elsewhere', async () => {
      const owner = await t.userWithRole(1);
      const b = new Browser(t);
      await b.passwordLogin((await row(owner.id)).username, 'password123');
      const who = account();
      const res = await signInWith(b, github, who);
      expect(res.json()).toEqual({ success: true, message: 'bind' });
      expect((await row(owner.id)).github_id).toBe(who.login);

      const other = await t.userWithRole(1);
      const b2 = new Browser(t);
      await b2.passwordLogin((await row(other.id)).username, 'password123');
      expect(expectRefusal(await signInWith(b2, github, who))).toBe('this GitHub account is already bound');
      expect((await row(other.id)).github_id).toBe('');
    });

    it('refuses a missing, foreign, reused or expired state with 403 and makes no call to GitHub', async () => {
      const b = new Browser(t);
      const who = account();
      const state = await b.state();
      github.signIn(who);
      const { code } = await github.approve(state);
      const before = github.requests.length;

      const stranger = new Browser(t);
      await stranger.state();
      const foreign = await stranger.get(`/api/oauth/github?code=${code}&state=${state}`);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json()).toEqual({
        success: false,
        message: 'the OAuth state is empty or does not match',
      });
      expect((await b.get(`/api/oauth/github?code=${code}`)).statusCode).toBe(403);
      expect((await b.get(`/api/oauth/github?code=${code}&state=wrong-state1`)).statusCode).toBe(403);
      expect(github.requests.length).toBe(before);

      expect((await b.get(`/api/oauth/github?code=${code}&state=${state}`)).json().success).toBe(true);
      const reused = await b.get(`/api/oauth/github?code=${code}&state=${state}`);
      expect(reused.statusCode).toBe(403);

      const late = await b.state();
      clock += OAUTH_STATE_TTL_S + 1;
      const { code: code2 } = await github.approve(late);
      expect((await b.get(`/api/oauth/github?code=${code2}&state=${late}`)).statusCode).toBe(403);
    });

    it('answers one of two racing callbacks with the same state', async () => {
      const b = new Browser(t);
      const state = await b.state();
      github.signIn(account());
      const { code } = await github.approve(state);
      const results = await Promise.all([
        b.get(`/api/oauth/github?code=${code}&state=${state}`),
        b.get(`/api/oauth/github?code=${code}&state=${state}`),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    });

    it("passes on GitHub's refusal of a bad code", async () => {
      const b = new Browser(t);
      const state = await b.state();
      const res = await b.get(`/api/oauth/github?code=not-a-code&state=${state}`);
      expect(expectRefusal(res)).toContain('The code passed is incorrect or expired.');
    });

    it('refuses with a message when GitHub fails or cannot be reached', async () => {
      const b = new Browser(t);
      let state = await b.state();
      github.signIn(account());
      let { code } = await github.approve(state);
      github.setNextError(500, { error: 'server_error', error_description: 'GitHub is having a bad day' });
      expect(expectRefusal(await b.get(`/api/oauth/github?code=${code}&state=${state}`))).toContain(
        'GitHub is having a bad day',
      );
      state = await b.state();
      ({ code } = await github.approve(state));
      const down = await createTestApp({
        dialect,
        config: { providerUrls: { githubOAuth: 'http://127.0.0.1:1', githubApi: 'http://127.0.0.1:1' } },
      });
      try {
        for (const [key, value] of Object.entries({
          GitHubClientId: 'gh-client',
          GitHubClientSecret: 'gh-secret',
          GitHubOAuthEnabled: 'true',
        }))
          await down.ctx.options.set(key, value);
        const b2 = new Browser(down);
        const s2 = await b2.state();
        expect(expectRefusal(await b2.get(`/api/oauth/github?code=${code}&state=${s2}`))).toBe(
          'cannot connect to the GitHub server, retry later',
        );
      } finally {
        await down.close();
      }
      // A second database takes a while on MySQL.
    }, 30_000);

    it('refuses when switched off, when registration is closed, and banned or deleted accounts', async () => {
      await t.ctx.options.set('GitHubOAuthEnabled', 'false');
      expect(expectRefusal(await signInWith(new Browser(t), github, account()))).toBe(
        'the administrator has not enabled login and registration with GitHub',
      );
      await t.ctx.options.set('GitHubOAuthEnabled', 'true');
      await t.ctx.options.set('GitHubClientSecret', '');
      expect(expectRefusal(await signInWith(new Browser(t), github, account()))).toMatch(/not enabled/);
      await t.ctx.options.set('GitHubClientSecret', 'gh-secret');

      await t.ctx.options.set('RegisterEnabled', 'false');
      expect(expectRefusal(await signInWith(new Browser(t), github, account()))).toBe(
        'the administrator has disabled new user registration',
      );
      await t.ctx.options.set('RegisterEnabled', 'true');

      const banned = account();
      const id = (await signInWith(new Browser(t), github, banned)).json().data.id as number;
      await t.ctx.db.updateTable('users').set({ status: 2 }).where('id', '=', id).execute();
      expect(expectRefusal(await signInWith(new Browser(t), github, banned))).toBe('the user is banned');
      await t.ctx.db
        .updateTable('users')
        .set({ status: 1, deleted_at: clock })
        .where('id', '=', id)
        .execute();
      expect(expectRefusal(await signInWith(new Browser(t), github, banned))).toBe(
        'the user has been deleted',
      );
      expect(await sessions(id)).toBe(1);
    });
  });

  describe('Linux DO', () => {
    it('registers with an invitation, logs in again, binds, and refuses a bound account', async () => {
      const inviter = await t.userWithRole(1);
      const affCode = 'ld' + inviter.id;
      await t.ctx.db.updateTable('users').set({ aff_code: affCode }).where('id', '=', inviter.id).execute();
      const who = account('ld');
      const res = await signInWith(new Browser(t), linuxdo, who, `?aff=${affCode}`);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        data: { username: `linuxdo_${body.data.id}`, display_name: who.name },
      });
      expect(await row(body.data.id)).toMatchObject({ linux_do_id: String(who.id), inviter_id: inviter.id });
      // Client credentials went as HTTP Basic, the code in a form with new-api's redirect URI.
      const exchange = linuxdo.requests.findLast((r) => r.path === '/oauth2/token')!;
      expect(exchange.headers.authorization).toBe(
        `Basic ${Buffer.from('ld-client:ld-secret').toString('base64')}`,
      );
      expect(new URLSearchParams(exchange.raw).get('redirect_uri')).toMatch(/\/api\/oauth\/linuxdo$/);

      expect((await signInWith(new Browser(t), linuxdo, who)).json().data.id).toBe(body.data.id);

      const owner = await t.userWithRole(1);
      const b = new Browser(t);
      await b.passwordLogin((await row(owner.id)).username, 'password123');
      expect((await signInWith(b, linuxdo, account('ld'))).json()).toEqual({
        success: true,
        message: 'bind',
      });
      expect(expectRefusal(await signInWith(b, linuxdo, who))).toBe('this Linux DO account is already bound');
    });

    it("shows the provider's reason when the user declines", async () => {
      const res = await new Browser(t).get(
        '/api/oauth/linuxdo?error=access_denied&error_description=declined',
      );
      expect(expectRefusal(res)).toBe('declined');
    });
  });

  describe('WeChat', () => {
    it('logs in (registering on first use), binds, and refuses bad codes and bound accounts', async () => {
      const b = new Browser(t);
      const openId = `wx-${dialect}-${accounts++}`;
      const res = await b.get(`/api/oauth/wechat?code=${wechat.issueCode(openId)}`);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        data: { username: `wechat_${body.data.id}`, display_name: 'WeChat User' },
      });
      expect(wechat.requests.at(-1)!.headers.authorization).toBe(WECHAT_TOKEN);
      const again = await new Browser(t).get(`/api/oauth/wechat?code=${wechat.issueCode(openId)}`);
      expect(again.json().data.id).toBe(body.data.id);
      // A code works once.
      const code = wechat.issueCode(openId);
      await new Browser(t).get(`/api/oauth/wechat?code=${code}`);
      expect(expectRefusal(await new Browser(t).get(`/api/oauth/wechat?code=${code}`))).toBe(
        'invalid or expired verification code',
      );

      const owner = await t.userWithRole(1);
      const ob = new Browser(t);
      await ob.passwordLogin((await row(owner.id)).username, 'password123');
      const mine = `wx-own-${dialect}-${accounts++}`;
      const bind = await ob.get(`/api/oauth/wechat/bind?code=${wechat.issueCode(mine)}`);
      expect(bind.json()).toEqual({ success: true, message: '' });
      expect((await row(owner.id)).wechat_id).toBe(mine);
      expect(expectRefusal(await ob.get(`/api/oauth/wechat/bind?code=${wechat.issueCode(openId)}`))).toBe(
        'this WeChat account is already bound',
      );
    });

    it("passes on the WeChat server's refusal of a wrong token, and needs the feature on", async () => {
      await t.ctx.options.set('WeChatServerToken', 'wrong');
      expect(
        expectRefusal(await new Browser(t).get(`/api/oauth/wechat?code=${wechat.issueCode('x')}`)),
      ).toMatch(/token/);
      await t.ctx.options.set('WeChatAuthEnabled', 'false');
      expect(expectRefusal(await new Browser(t).get('/api/oauth/wechat?code=123456'))).toBe(
        'the administrator has not enabled login and registration with WeChat',
      );
    });
  });

  describe('Telegram', () => {
    const signed = (id: number, authDate = clock, token = BOT_TOKEN) =>
      new URLSearchParams(
        signTelegramLogin(token, { id, first_name: 'Tele', username: `tg${id}`, auth_date: authDate }),
      ).toString();

    it('binds (redirecting to /setting), logs the bound account in, refuses it elsewhere', async () => {
      const owner = await t.userWithRole(1);
      const b = new Browser(t);
      await b.passwordLogin((await row(owner.id)).username, 'password123');
      const tgId = 7_000_000 + accounts++;
      const bind = await b.get(`/api/oauth/telegram/bind?${signed(tgId)}`);
      expect(bind.statusCode).toBe(302);
      expect(bind.headers.location).toBe('/setting');
      expect((await row(owner.id)).telegram_id).toBe(String(tgId));

      const login = await new Browser(t).get(`/api/oauth/telegram/login?${signed(tgId)}`);
      expect(login.json()).toMatchObject({ success: true, data: { id: owner.id } });

      const other = new Browser(t);
      await other.passwordLogin((await row((await t.userWithRole(1)).id)).username, 'password123');
      expect(expectRefusal(await other.get(`/api/oauth/telegram/bind?${signed(tgId)}`))).toBe(
        'this Telegram account is already bound',
      );
    });

    it('refuses an unbound account, a bad hash, a stale auth_date, and binding without a session', async () => {
      const tgId = 8_000_000 + accounts++;
      expect(expectRefusal(await new Browser(t).get(`/api/oauth/telegram/login?${signed(tgId)}`))).toBe(
        'this Telegram account is not bound',
      );
      const forged = signed(tgId, clock, 'another-bot:token');
      expect(expectRefusal(await new Browser(t).get(`/api/oauth/telegram/login?${forged}`))).toBe(
        'invalid request',
      );
      const tampered = signed(tgId).replace(`id=${tgId}`, `id=${tgId + 1}`);
      expect(expectRefusal(await new Browser(t).get(`/api/oauth/telegram/login?${tampered}`))).toBe(
        'invalid request',
      );
      const stale = signed(tgId, clock - TELEGRAM_MAX_AGE_S - 1);
      expect(expectRefusal(await new Browser(t).get(`/api/oauth/telegram/login?${stale}`))).toBe(
        'the Telegram login data has expired, log in again',
      );
      const anonymous = await new Browser(t).get(`/api/oauth/telegram/bind?${signed(tgId)}`);
      expect(anonymous.statusCode).toBe(401);
    });
  });

  it('reports each provider in /api/status', async () => {
    await t.ctx.options.set('LinuxDOOAuthEnabled', 'false');
    const status = (await t.call({ method: 'GET', url: '/api/status' })).json().data;
    expect(status).toMatchObject({
      github_oauth: true,
      github_client_id: 'gh-client',
      linuxdo_oauth: false,
      wechat_login: true,
      telegram_oauth: true,
      telegram_bot_name: 'switchboard_bot',
    });
  });
});
