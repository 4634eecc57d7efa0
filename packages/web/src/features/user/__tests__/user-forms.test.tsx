import { PAGE_SIZE_DEFAULT, UserSchema, UsersResource } from '@switchboard/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotices, dismiss } from '../../../lib/notify';
import { setUser } from '../../../lib/session';
import { renderScreen } from '../../../testing/render';
import { userKeys } from '../api/keys';
import { QuotaAddDialog } from '../components/quota-add-dialog';
import { UserCreateDialog } from '../components/user-create-dialog';
import { UserEditPage } from '../components/user-edit-page';
import { UserList } from '../components/user-list';
import { UserRowActions } from '../components/user-row-actions';

const user = (patch: Record<string, unknown> = {}) =>
  UserSchema.parse({
    id: 5,
    username: 'alice',
    display_name: 'Alice',
    group: 'default',
    quota: 1_000_000,
    github_id: 'gh-alice',
    email: 'alice@example.com',
    role: 1,
    status: 1,
    ...patch,
  });

function signIn(role: number) {
  setUser({
    id: 1,
    username: role >= 100 ? 'root' : 'admin',
    display_name: '',
    role,
    status: 1,
    group: 'default',
  });
}

afterEach(() => {
  setUser(null);
  vi.restoreAllMocks();
});

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  // Pasting is one event, where typing is one per character: keeps the tests quick on a busy machine.
  if (value) await userEvent.paste(value);
}

async function press(name: string) {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('alert').textContent;
}

describe('UserCreateDialog', () => {
  const open = (role = 10) => {
    signIn(role);
    renderScreen(<UserCreateDialog onClose={() => {}} />, { url: '/user' });
  };

  it('requires a username and a password', async () => {
    open();
    expect(await press('添加')).toBe('用户名和密码不能为空！');
    await fill('用户名', 'carol');
    expect(await press('添加')).toBe('用户名和密码不能为空！');
  });

  it('checks the username and password lengths', async () => {
    open();
    await fill('用户名', 'a'.repeat(13));
    await fill('密码', 'password1');
    expect(await press('添加')).toBe('用户名最长 12 个字符');
    await fill('用户名', 'carol');
    await fill('密码', 'short');
    expect(await press('添加')).toBe('密码长度不得小于 8 位！');
    await fill('密码', 'p'.repeat(21));
    expect(await press('添加')).toBe('密码长度不得超过 20 位！');
  });

  it('offers only roles below the creator’s own', async () => {
    open(10);
    await userEvent.click(screen.getByLabelText('用户角色'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['普通用户']);
  });

  it('lets the super admin create an admin, never a super admin', async () => {
    open(100);
    await userEvent.click(screen.getByLabelText('用户角色'));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['普通用户', '管理员']);
  });
});

describe('UserEditPage', () => {
  const queries = (u = user()): Array<[readonly unknown[], unknown]> => [
    [userKeys.detail(u.id), u],
    [userKeys.self, u],
    [userKeys.groups, ['default', 'vip']],
  ];

  it('with an id: shows group and quota, and the bound identities read-only', async () => {
    signIn(10);
    renderScreen(<UserEditPage />, { url: '/user/edit/5', path: '/user/edit/:id', queries: queries() });
    expect(await screen.findByText('编辑用户 alice')).toBeTruthy();
    expect(screen.getByLabelText('分组')).toBeTruthy();
    expect((screen.getByLabelText('剩余额度') as HTMLInputElement).value).toBe('1000000');
    const github = screen.getByLabelText('已绑定的 GitHub 账户') as HTMLInputElement;
    expect(github.value).toBe('gh-alice');
    expect(github.readOnly).toBe(true);
    expect((screen.getByLabelText('已绑定的邮箱账户') as HTMLInputElement).readOnly).toBe(true);
  });

  it('without an id: no group or quota, and a new password needs the current one', async () => {
    signIn(10);
    renderScreen(<UserEditPage />, { url: '/user/edit', path: '/user/edit', queries: queries() });
    expect(await screen.findByText('编辑我的账户')).toBeTruthy();
    expect(screen.queryByLabelText('分组')).toBeNull();
    expect(screen.queryByLabelText('剩余额度')).toBeNull();
    await fill('密码', 'new-password');
    expect(await press('保存')).toBe('设置新密码需要输入当前密码');
  });

  it('validates username, password, group and quota', async () => {
    signIn(10);
    renderScreen(<UserEditPage />, { url: '/user/edit/5', path: '/user/edit/:id', queries: queries() });
    await screen.findByText('编辑用户 alice');
    await fill('用户名', '');
    expect(await press('保存')).toBe('用户名不能为空');
    await fill('用户名', 'alice');
    await fill('密码', 'short');
    expect(await press('保存')).toBe('密码长度不得小于 8 位！');
    await fill('密码', '');
    await fill('剩余额度', '-1');
    expect(await press('保存')).toBe('额度必须是不小于 0 的整数');
    await fill('剩余额度', '10');
    await fill('分组', '');
    expect(await press('保存')).toBe('请选择分组');
  });

  it('adds quota through the dialog: old plus delta', async () => {
    signIn(10);
    renderScreen(<UserEditPage />, { url: '/user/edit/5', path: '/user/edit/:id', queries: queries() });
    await screen.findByText('编辑用户 alice');
    await userEvent.click(screen.getByRole('button', { name: '添加额度' }));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('需要添加的额度'), '500000');
    expect(dialog.getByTestId('quota-preview').textContent).toBe('新额度：$2.00 + $1.00 = $3.00');
    await userEvent.click(dialog.getByRole('button', { name: '确定' }));
    expect((screen.getByLabelText('剩余额度') as HTMLInputElement).value).toBe('1500000');
  });
});

describe('UserList', () => {
  it('says the quota was added though the dialog was cancelled while it was being saved', async () => {
    for (const notice of currentNotices()) dismiss(notice.id);
    signIn(100);
    const alice = user();
    vi.spyOn(UsersResource.prototype, 'list').mockReturnValue(new Promise(() => undefined) as never);
    vi.spyOn(UsersResource.prototype, 'get').mockResolvedValue(alice);
    let saved: () => void = () => undefined;
    const update = vi
      .spyOn(UsersResource.prototype, 'update')
      .mockReturnValue(new Promise((resolve) => (saved = () => resolve())));
    renderScreen(<UserList />, {
      url: '/user',
      queries: [
        [
          userKeys.list({ page: 1, pageSize: PAGE_SIZE_DEFAULT, keyword: '', group: '' }),
          { items: [alice], total: 1, hasNext: false },
        ],
        [userKeys.groups, ['default']],
      ],
    });
    await userEvent.click(await screen.findByTestId('user-more'));
    await userEvent.click(screen.getByRole('menuitem', { name: '添加额度' }));
    const dialog = within(screen.getByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('需要添加的额度'), '500000');
    await userEvent.click(dialog.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    await userEvent.click(dialog.getByRole('button', { name: '取消' }));
    saved();
    await waitFor(() => expect(currentNotices().map((n) => n.message)).toContain('额度已更新，现为 $3.00'));
  });
});

describe('QuotaAddDialog', () => {
  const open = () =>
    renderScreen(<QuotaAddDialog oldQuota={1000} onClose={() => {}} onAdd={() => {}} />, { url: '/user' });

  it('takes whole numbers only', async () => {
    open();
    await fill('需要添加的额度', '1.5');
    expect(await press('确定')).toBe('请输入整数（负数表示扣减）');
  });

  it('subtracts with a negative delta but never below zero', async () => {
    open();
    await fill('需要添加的额度', '-400');
    expect(screen.getByTestId('quota-preview').textContent).toContain('= $0.00');
    await fill('需要添加的额度', '-1001');
    expect(await press('确定')).toBe('额度不能小于 0');
  });
});

describe('UserRowActions', () => {
  const row = (patch: Record<string, unknown>, role = 100) => {
    signIn(role);
    renderScreen(<UserRowActions user={user(patch)} onAddQuota={() => {}} onDelete={() => {}} />, {
      url: '/user',
    });
  };
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  const item = async (name: string) => {
    await userEvent.click(screen.getByTestId('user-more'));
    return screen.getByRole('menuitem', { name });
  };

  it('offers disable for an active user and promote for a common one', async () => {
    row({});
    expect(button('禁用').disabled).toBe(false);
    expect((await item('提升')).getAttribute('aria-disabled')).toBeNull();
  });

  it('offers enable for a banned user', () => {
    row({ status: 2 });
    expect(button('启用').disabled).toBe(false);
  });

  it('offers no usable enable for status 3', () => {
    row({ status: 3 });
    expect(button('启用').disabled).toBe(true);
  });

  it('lets only the super admin promote', async () => {
    row({}, 10);
    expect((await item('提升')).getAttribute('aria-disabled')).toBe('true');
  });

  it('shows no actions for a deleted user', () => {
    row({ DeletedAt: '2026-01-01T00:00:00Z' });
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('edits one’s own row through the self editor', () => {
    row({ id: 1, role: 10 }, 10);
    expect(screen.getByRole('link', { name: '编辑' }).getAttribute('href')).toBe('/user/edit');
  });

  it('links to the user’s logs', async () => {
    row({});
    expect((await item('日志')).getAttribute('href')).toBe('/log?username=alice');
  });
});
