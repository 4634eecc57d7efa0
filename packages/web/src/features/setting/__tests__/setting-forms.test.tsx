import { UserSchema } from '@switchboard/sdk';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render';
import { BindingSection } from '../components/binding-section';
import { DeleteAccountSection } from '../components/delete-account-section';
import { NotificationSection } from '../components/notification-section';
import { SecuritySection } from '../components/security-section';

const user = UserSchema.parse({ id: 5, username: 'alice', setting: '' });

describe('personal settings forms', () => {
  it('rejects a short password and two different passwords', async () => {
    renderScreen(<SecuritySection />, { url: '/setting' });
    await userEvent.type(screen.getByLabelText('新密码'), 'short');
    await userEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(screen.getByRole('alert').textContent).toBe('密码长度不得小于 8 位！');
    await userEvent.type(screen.getByLabelText('新密码'), 'enough-now');
    await userEvent.type(screen.getByLabelText('确认新密码'), 'different-1');
    await userEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(screen.getByRole('alert').textContent).toBe('两次输入的密码不一致！');
  });

  it('deletes the account only when the typed text is the own username', async () => {
    renderScreen(<DeleteAccountSection username="alice" />, { url: '/setting' });
    await userEvent.type(screen.getByLabelText('输入用户名确认'), 'alic');
    await userEvent.click(screen.getByRole('button', { name: '删除我的账户' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入你的账户名以确认删除！');
  });

  it('needs an https webhook and a positive threshold', async () => {
    renderScreen(<NotificationSection user={user} />, { url: '/setting' });
    const threshold = screen.getByLabelText('额度预警阈值');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '0');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert').textContent).toBe('预警阈值必须大于 0');
    await userEvent.click(screen.getByText('500000 ($1.00)'));
    expect((screen.getByLabelText('额度预警阈值') as HTMLInputElement).value).toBe('500000');
    await userEvent.click(screen.getByLabelText('通知方式'));
    await userEvent.click(await screen.findByRole('option', { name: 'Webhook 通知' }));
    await userEvent.type(screen.getByLabelText('Webhook 地址'), 'http://hook.example/x');
    await userEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(screen.getByRole('alert').textContent).toBe('Webhook 地址必须以 https:// 开头');
  });

  it('binds an email only with both email and code', async () => {
    renderScreen(<BindingSection user={user} />, { url: '/setting' });
    await userEvent.type(screen.getByLabelText('新邮箱地址'), 'a@example.com');
    await userEvent.click(screen.getByRole('button', { name: '绑定邮箱' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入邮箱和验证码');
  });
});
