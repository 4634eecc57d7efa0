import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render';
import { LoginForm } from '../components/login-form';

describe('LoginForm', () => {
  it('asks for both username and password before calling the server', async () => {
    renderScreen(<LoginForm />, { url: '/login' });
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入用户名和密码！');
    await userEvent.type(screen.getByLabelText('用户名或邮箱'), 'alice');
    await userEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入用户名和密码！');
  });

  it('shows the expired notice from ?expired=true', () => {
    renderScreen(<LoginForm />, { url: '/login?expired=true', path: '/login' });
    expect(screen.getByText('未登录或登录已过期，请重新登录')).toBeTruthy();
  });

  it('shows third-party buttons only when enabled in status', () => {
    const { unmount } = renderScreen(<LoginForm />, { url: '/login' });
    expect(screen.queryByRole('button', { name: 'GitHub' })).toBeNull();
    unmount();
    renderScreen(<LoginForm />, { url: '/login', status: { github_oauth: true, github_client_id: 'id' } });
    expect(screen.getByRole('button', { name: 'GitHub' })).toBeTruthy();
  });
});
