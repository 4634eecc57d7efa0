import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render';
import { tokenKeys } from '../api/keys';
import { TokenEditDialog } from '../components/token-edit-dialog';

const queries: Array<[readonly unknown[], unknown]> = [
  [tokenKeys.models, ['gpt-4o-mini']],
  [tokenKeys.groups, { default: { ratio: 1, desc: 'Default' } }],
];

function open() {
  renderScreen(<TokenEditDialog token={null} onClose={() => {}} />, { url: '/token', queries });
}

async function save() {
  await userEvent.click(screen.getByRole('button', { name: '保存' }));
  return screen.getByRole('alert').textContent;
}

describe('TokenEditDialog', () => {
  it('requires a name', async () => {
    open();
    expect(await save()).toBe('请输入令牌名称');
  });

  it('rejects an expiry that is not yyyy-MM-dd HH:mm:ss or -1', async () => {
    open();
    await userEvent.type(screen.getByLabelText('名称'), 'key');
    const expiry = screen.getByLabelText('过期时间');
    await userEvent.clear(expiry);
    await userEvent.type(expiry, '2025-02-30 10:00:00');
    expect(await save()).toBe('过期时间格式错误！');
  });

  it('rejects a negative or fractional quota', async () => {
    open();
    await userEvent.type(screen.getByLabelText('名称'), 'key');
    const quota = screen.getByLabelText('剩余额度');
    await userEvent.clear(quota);
    await userEvent.type(quota, '-5');
    expect(await save()).toBe('额度必须是不小于 0 的整数');
  });

  it('rejects a batch count that is not a positive integer', async () => {
    open();
    await userEvent.type(screen.getByLabelText('名称'), 'key');
    const count = screen.getByLabelText('新建数量');
    await userEvent.clear(count);
    await userEvent.type(count, '0');
    expect(await save()).toBe('新建数量必须是正整数');
  });

  it('fills the expiry from a shortcut and enables the model picker only with model limits on', async () => {
    open();
    await userEvent.click(screen.getByText('一小时'));
    expect((screen.getByLabelText('过期时间') as HTMLInputElement).value).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
    );
    expect((screen.getByLabelText('可用模型') as HTMLInputElement).disabled).toBe(true);
    await userEvent.click(screen.getByLabelText('启用模型限制'));
    expect((screen.getByLabelText('可用模型') as HTMLInputElement).disabled).toBe(false);
  });
});
