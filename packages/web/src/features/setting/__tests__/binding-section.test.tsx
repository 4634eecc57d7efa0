import { UserSchema } from '@switchboard/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotices, dismiss } from '../../../lib/notify';
import { renderScreen } from '../../../testing/render';
import { BindingSection } from '../components/binding-section';

// The server's answers (packages/server/src/modules/oauth) in new-api's envelopes, through the real SDK client.
const api = vi.hoisted(() => ({ calls: [] as URL[] }));
vi.mock('../../../lib/sdk', async () => {
  const { fakeApi } = await import('../../../testing/fake-api');
  const fake = fakeApi({
    '/api/oauth/state': () => ({ success: true, message: '', data: 'BindSt4te000' }),
    '/api/oauth/telegram/bind_nonce': () => ({
      success: true,
      message: '',
      data: 'N0nce-of_this-session-000000000a',
    }),
    '/api/oauth/wechat/bind': (url) =>
      url.searchParams.get('code') === '654321'
        ? { success: true, message: '' }
        : { success: false, message: '该微信账户已被绑定' },
  });
  api.calls = fake.calls;
  return { sdk: async () => fake.client, resetSdk: () => undefined };
});

const user = UserSchema.parse({ id: 5, username: 'alice', setting: '' });
const sent = () => api.calls.map((u) => u.pathname + u.search);

describe('binding section', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    api.calls.length = 0;
    for (const n of currentNotices()) dismiss(n.id);
  });

  it('offers no third-party binding the site has not enabled', () => {
    renderScreen(<BindingSection user={user} />, { url: '/setting' });
    expect(screen.queryByRole('button', { name: '绑定微信' })).toBeNull();
    expect(screen.queryByRole('button', { name: '绑定 GitHub' })).toBeNull();
    expect(screen.queryByTestId('telegram-login')).toBeNull();
  });

  it('binds WeChat: code required, refusal shown, success closes the dialog', async () => {
    renderScreen(<BindingSection user={user} />, {
      url: '/setting',
      status: { wechat_login: true, wechat_qrcode: 'http://127.0.0.1:9/qr.png' },
    });
    await userEvent.click(screen.getByRole('button', { name: '绑定微信' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('绑定微信账户')).toBeTruthy();
    expect(dialog.getByRole('img').getAttribute('src')).toBe('http://127.0.0.1:9/qr.png');
    await userEvent.click(dialog.getByRole('button', { name: '绑定微信' }));
    expect(dialog.getByRole('alert').textContent).toBe('请输入验证码');
    expect(api.calls).toHaveLength(0);
    await userEvent.type(dialog.getByLabelText('验证码'), '111111');
    await userEvent.click(dialog.getByRole('button', { name: '绑定微信' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('该微信账户已被绑定');
    await userEvent.clear(dialog.getByLabelText('验证码'));
    await userEvent.type(dialog.getByLabelText('验证码'), '654321');
    await userEvent.click(dialog.getByRole('button', { name: '绑定微信' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()).toEqual(['/api/oauth/wechat/bind?code=111111', '/api/oauth/wechat/bind?code=654321']);
    expect(currentNotices().map((n) => n.message)).toEqual(['微信账户绑定成功！']);
  });

  it('offers to change a bound WeChat account', () => {
    renderScreen(<BindingSection user={{ ...user, wechat_id: 'wx-1' }} />, {
      url: '/setting',
      status: { wechat_login: true },
    });
    expect(screen.getByRole('button', { name: '修改微信绑定' })).toBeTruthy();
  });

  it("points the Telegram widget at the bind route with this session's nonce, and hides it once bound", async () => {
    const status = { telegram_oauth: true, telegram_bot_name: 'swb_bot' };
    const { unmount } = renderScreen(<BindingSection user={user} />, { url: '/setting', status });
    const script = (await screen.findByTestId('telegram-login')).querySelector('script');
    expect(script?.getAttribute('data-auth-url')).toBe(
      'http://127.0.0.1:9/api/oauth/telegram/bind?bind_nonce=N0nce-of_this-session-000000000a',
    );
    expect(script?.getAttribute('data-onauth')).toBeNull();
    expect(sent()).toEqual(['/api/oauth/telegram/bind_nonce']);
    unmount();
    api.calls.length = 0;
    renderScreen(<BindingSection user={{ ...user, telegram_id: '42' }} />, { url: '/setting', status });
    expect(screen.queryByTestId('telegram-login')).toBeNull();
    expect(sent()).toEqual([]);
  });

  it('binds GitHub through a fresh state and the authorize page', async () => {
    const opened: string[] = [];
    vi.spyOn(window, 'open').mockImplementation((url) => {
      opened.push(String(url));
      return null;
    });
    renderScreen(<BindingSection user={user} />, {
      url: '/setting',
      status: { github_oauth: true, github_client_id: 'gh-client' },
    });
    await userEvent.click(screen.getByRole('button', { name: '绑定 GitHub' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(sent()).toEqual(['/api/oauth/state']);
    expect(opened[0]).toBe(
      'https://github.com/login/oauth/authorize?client_id=gh-client&state=BindSt4te000&scope=user:email',
    );
  });
});
