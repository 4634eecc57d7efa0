import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render';
import { RegisterForm } from '../components/register-form';

async function fill(username: string, password: string, password2: string) {
  if (username) await userEvent.type(screen.getByLabelText('用户名'), username);
  if (password) await userEvent.type(screen.getByLabelText('密码'), password);
  if (password2) await userEvent.type(screen.getByLabelText('确认密码'), password2);
  await userEvent.click(screen.getByRole('button', { name: '注册' }));
}

describe('RegisterForm', () => {
  it('requires username and password', async () => {
    renderScreen(<RegisterForm />, { url: '/register' });
    await fill('', '', '');
    expect(screen.getByRole('alert').textContent).toBe('请输入用户名和密码！');
  });

  it('rejects a password shorter than 8', async () => {
    renderScreen(<RegisterForm />, { url: '/register' });
    await fill('newbie', 'short', 'short');
    expect(screen.getByRole('alert').textContent).toBe('密码长度不得小于 8 位！');
  });

  it('rejects two different passwords', async () => {
    renderScreen(<RegisterForm />, { url: '/register' });
    await fill('newbie', 'password1', 'password2');
    expect(screen.getByRole('alert').textContent).toBe('两次输入的密码不一致');
  });

  it('asks for email and code only when verification is on', async () => {
    const { unmount } = renderScreen(<RegisterForm />, { url: '/register' });
    expect(screen.queryByLabelText('邮箱地址')).toBeNull();
    unmount();
    renderScreen(<RegisterForm />, { url: '/register', status: { email_verification: true } });
    await fill('newbie', 'password1', 'password1');
    expect(screen.getByRole('alert').textContent).toBe('请输入邮箱和验证码');
  });

  it('stores the aff invite code', () => {
    renderScreen(<RegisterForm />, { url: '/register?aff=AbC1', path: '/register' });
    expect(localStorage.getItem('aff')).toBe('AbC1');
  });
});
