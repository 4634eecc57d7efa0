import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentNotices, dismiss } from '../../../lib/notify';
import { renderScreen } from '../../../testing/render';
import { LoginForm } from '../components/login-form';

// The server's answers (packages/server/src/modules/oauth) in new-api's envelopes, through the real SDK client.
const api = vi.hoisted(() => ({ calls: [] as URL[] }));
vi.mock('../../../lib/sdk', async () => {
  const { fakeApi } = await import('../../../testing/fake-api');
  const fake = fakeApi({
    '/api/oauth/state': () => ({ success: true, message: '', data: 'St4te9Xy0Abc' }),
    '/api/oauth/wechat': (url) =>
      url.searchParams.get('code') === '123456'
        ? {
            success: true,
            message: '',
            data: {
              id: 7,
              username: 'wechat_7',
              display_name: 'WeChat User',
              role: 1,
              status: 1,
              group: 'default',
            },
          }
        : { success: false, message: '验证码错误或已过期' },
    '/api/oauth/telegram/login': () => ({
      success: true,
      message: '',
      data: { id: 8, username: 'tg_8', display_name: 'Tg', role: 1, status: 1, group: 'default' },
    }),
  });
  api.calls = fake.calls;
  return { sdk: async () => fake.client, resetSdk: () => undefined };
});

/** Cloudflare's widget API as the page sees it once its script loaded; it answers with a token. */
function installTurnstile(token: string) {
  (window as unknown as { turnstile?: unknown }).turnstile = {
    render: (_el: HTMLElement, options: { callback: (token: string) => void }) => {
      setTimeout(() => options.callback(token), 0);
      return 'widget-1';
    },
    remove: () => undefined,
  };
}

const notices = () => currentNotices().map((n) => `${n.severity}: ${n.message}`);

describe('third-party login', () => {
  let opened: string[];
  beforeEach(() => {
    opened = [];
    vi.spyOn(window, 'open').mockImplementation((url) => {
      opened.push(String(url));
      return null;
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    api.calls.length = 0;
    delete (window as unknown as { turnstile?: unknown }).turnstile;
    for (const n of currentNotices()) dismiss(n.id);
  });

  const turnstileOn = { turnstile_check: true, turnstile_site_key: 'site-key' };
  const github = { github_oauth: true, github_client_id: 'gh-client' };

  it('asks to wait while Turnstile has not answered, sending nothing', async () => {
    renderScreen(<LoginForm />, { url: '/login', status: { ...github, ...turnstileOn } });
    await userEvent.click(screen.getByRole('button', { name: 'GitHub' }));
    expect(notices()).toEqual(['info: 请稍后几秒重试，Turnstile 正在检查用户环境！']);
    expect(api.calls).toHaveLength(0);
    expect(opened).toHaveLength(0);
  });

  it('sends the Turnstile token and the invite code with the OAuth state, then opens GitHub', async () => {
    installTurnstile('tok-XYZ');
    localStorage.setItem('aff', 'AbC1');
    renderScreen(<LoginForm />, { url: '/login', status: { ...github, ...turnstileOn } });
    // The token arrives after the widget rendered, as in the browser.
    await new Promise((resolve) => setTimeout(resolve, 10));
    await userEvent.click(screen.getByRole('button', { name: 'GitHub' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(api.calls.map((u) => u.pathname + u.search)).toEqual([
      '/api/oauth/state?aff=AbC1&turnstile=tok-XYZ',
    ]);
    expect(opened[0]).toBe(
      'https://github.com/login/oauth/authorize?client_id=gh-client&state=St4te9Xy0Abc&scope=user:email',
    );
  });

  it('asks for the state without a token when Turnstile is off (Linux DO)', async () => {
    renderScreen(<LoginForm />, { url: '/login', status: { linuxdo_oauth: true, linuxdo_client_id: 'ld' } });
    await userEvent.click(screen.getByRole('button', { name: 'Linux DO' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(api.calls.map((u) => u.pathname + u.search)).toEqual(['/api/oauth/state']);
    expect(opened[0]).toBe(
      'https://connect.linux.do/oauth2/authorize?response_type=code&client_id=ld&state=St4te9Xy0Abc',
    );
  });

  describe('WeChat dialog', () => {
    const wechat = { wechat_login: true, wechat_qrcode: 'http://127.0.0.1:9/qr.png' };

    it('shows the QR code and requires the code before calling the server', async () => {
      renderScreen(<LoginForm />, { url: '/login', status: wechat });
      await userEvent.click(screen.getByRole('button', { name: '微信' }));
      const dialog = within(await screen.findByRole('dialog'));
      expect(dialog.getByText('微信扫码登录')).toBeTruthy();
      expect(dialog.getByRole('img', { name: '微信公众号二维码' }).getAttribute('src')).toBe(
        wechat.wechat_qrcode,
      );
      await userEvent.click(dialog.getByRole('button', { name: '登录' }));
      expect(dialog.getByRole('alert').textContent).toBe('请输入验证码');
      expect(api.calls).toHaveLength(0);
    });

    it("shows the server's refusal and stays open", async () => {
      renderScreen(<LoginForm />, { url: '/login', status: wechat });
      await userEvent.click(screen.getByRole('button', { name: '微信' }));
      const dialog = within(await screen.findByRole('dialog'));
      await userEvent.type(dialog.getByLabelText('验证码'), '000000');
      await userEvent.click(dialog.getByRole('button', { name: '登录' }));
      expect((await dialog.findByRole('alert')).textContent).toBe('验证码错误或已过期');
      expect(api.calls.map((u) => u.pathname + u.search)).toEqual(['/api/oauth/wechat?code=000000']);
      expect(localStorage.getItem('user')).toBeNull();
      expect(screen.queryByTestId('navigated')).toBeNull();
    });

    it('logs in: stores the user and leaves the login page', async () => {
      renderScreen(<LoginForm />, { url: '/login', status: wechat });
      await userEvent.click(screen.getByRole('button', { name: '微信' }));
      const dialog = within(await screen.findByRole('dialog'));
      await userEvent.type(dialog.getByLabelText('验证码'), ' 123456 ');
      await userEvent.click(dialog.getByRole('button', { name: '登录' }));
      expect(await screen.findByTestId('navigated')).toBeTruthy();
      expect(api.calls.map((u) => u.pathname + u.search)).toEqual(['/api/oauth/wechat?code=123456']);
      expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 7, username: 'wechat_7' });
      expect(notices()).toEqual(['success: 登录成功！']);
    });

    it('waits for Turnstile like the password login', async () => {
      renderScreen(<LoginForm />, { url: '/login', status: { ...wechat, ...turnstileOn } });
      await userEvent.click(screen.getByRole('button', { name: '微信' }));
      const dialog = within(await screen.findByRole('dialog'));
      await userEvent.type(dialog.getByLabelText('验证码'), '123456');
      await userEvent.click(dialog.getByRole('button', { name: '登录' }));
      expect(notices()).toEqual(['info: 请稍后几秒重试，Turnstile 正在检查用户环境！']);
      expect(api.calls).toHaveLength(0);
    });
  });

  describe('Telegram widget', () => {
    const telegram = { telegram_oauth: true, telegram_bot_name: 'swb_bot' };

    it('says so when the widget script cannot load', async () => {
      renderScreen(<LoginForm />, { url: '/login', status: telegram });
      expect(await screen.findByText('Telegram 登录组件无法加载，请检查网络后刷新重试')).toBeTruthy();
      const script = screen.getByTestId('telegram-login').querySelector('script');
      expect(script?.getAttribute('src')).toBe('https://telegram.org/js/telegram-widget.js?22');
      expect(script?.getAttribute('data-telegram-login')).toBe('swb_bot');
    });

    it("logs in with the widget's signed fields only", async () => {
      renderScreen(<LoginForm />, { url: '/login', status: telegram });
      const script = screen.getByTestId('telegram-login').querySelector('script');
      // What the widget does on a successful sign-in: evaluate data-onauth with the signed user.
      const onauth = new Function('user', script?.getAttribute('data-onauth') ?? '') as (u: unknown) => void;
      onauth({ id: 42, first_name: 'Ann', username: '', auth_date: 1763900000, hash: 'ab12' });
      expect(await screen.findByTestId('navigated')).toBeTruthy();
      expect(api.calls.map((u) => u.pathname + u.search)).toEqual([
        '/api/oauth/telegram/login?id=42&first_name=Ann&auth_date=1763900000&hash=ab12',
      ]);
      expect(JSON.parse(localStorage.getItem('user') ?? '{}')).toMatchObject({ id: 8 });
    });
  });
});
