import { RedemptionSchema } from '@switchboard/sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render';
import { createdCodesCsv, redemptionsCsv } from '../codes-csv';
import { RedemptionCreatedDialog } from '../components/redemption-created-dialog';
import { RedemptionEditDialog } from '../components/redemption-edit-dialog';
import { RedemptionRowActions } from '../components/redemption-row-actions';

const code = (patch: Record<string, unknown> = {}) =>
  RedemptionSchema.parse({ id: 7, name: 'promo', key: 'a'.repeat(32), status: 1, quota: 500000, ...patch });

function open(redemption: ReturnType<typeof code> | null = null) {
  renderScreen(<RedemptionEditDialog redemption={redemption} onClose={() => {}} />, { url: '/redemption' });
}

async function fill(label: string, value: string) {
  const input = screen.getByLabelText(label);
  await userEvent.clear(input);
  // Pasting is one event, where typing is one per character: keeps the tests quick on a busy machine.
  if (value) await userEvent.paste(value);
}

async function submit(name = '创建') {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('alert').textContent;
}

describe('RedemptionEditDialog (create)', () => {
  it('rejects a name longer than 20 characters', async () => {
    open();
    await fill('名称', 'x'.repeat(21));
    expect(await submit()).toBe('名称长度必须在 1 到 20 之间');
  });

  it('rejects a quota that is not a positive integer', async () => {
    open();
    await fill('额度', '1.5');
    expect(await submit()).toBe('额度必须是正整数');
    await fill('额度', '0');
    expect(await submit()).toBe('额度必须是正整数');
  });

  it('rejects a count that is not a positive integer', async () => {
    open();
    await fill('生成数量', '0');
    expect(await submit()).toBe('生成数量必须是正整数');
    await fill('生成数量', 'ten');
    expect(await submit()).toBe('生成数量必须是正整数');
  });

  it('rejects more than 100 codes in one batch', async () => {
    open();
    await fill('生成数量', '101');
    expect(await submit()).toBe('一次最多生成 100 个兑换码');
  });

  it('shows quota presets as currency and fills the quota from one', async () => {
    open();
    const presets = within(screen.getByTestId('quota-presets'));
    await userEvent.click(presets.getByText('$10.00'));
    expect((screen.getByLabelText('额度') as HTMLInputElement).value).toBe('5000000');
    expect(screen.getByText('等价金额：$10.00')).toBeTruthy();
  });
});

describe('RedemptionEditDialog (edit)', () => {
  it('requires a name and has no count field', async () => {
    open(code());
    expect(screen.queryByLabelText('生成数量')).toBeNull();
    await fill('名称', '');
    expect(await submit('保存')).toBe('请输入名称');
  });
});

describe('RedemptionRowActions', () => {
  const actions = (status: number) =>
    renderScreen(
      <RedemptionRowActions redemption={code({ status })} onEdit={() => {}} onDelete={() => {}} />,
      {
        url: '/redemption',
      },
    );

  it('offers disable and edit for an unused code', () => {
    actions(1);
    expect((screen.getByRole('button', { name: '禁用' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: '编辑' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers enable but no edit for a disabled code', () => {
    actions(2);
    expect((screen.getByRole('button', { name: '启用' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: '编辑' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('cannot enable or edit a used code', () => {
    actions(3);
    expect((screen.getByRole('button', { name: '启用' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: '编辑' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('created codes', () => {
  it('lists every generated key and offers copy-all and CSV download', () => {
    const keys = ['k1', 'k2', 'k3'];
    renderScreen(
      <RedemptionCreatedDialog batch={{ keys, name: 'promo', quota: 500000 }} onClose={() => {}} />,
      {
        url: '/redemption',
      },
    );
    expect(screen.getByTestId('created-codes').textContent).toBe('k1\nk2\nk3');
    expect(screen.getByRole('button', { name: '复制全部' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '下载 CSV' })).toBeTruthy();
  });

  it('writes one CSV row per key with a header, quoting cells that need it', () => {
    const csv = createdCodesCsv(['k1', 'k2'], 'a,b', 500000, '$1.00');
    expect(csv).toBe('\uFEFFname,key,quota,amount\r\n"a,b",k1,500000,$1.00\r\n"a,b",k2,500000,$1.00\r\n');
    const list = redemptionsCsv([code({ status: 3, used_user_id: 4, redeemed_time: 1 })]);
    expect(list.split('\r\n')[0]).toBe(
      '\uFEFFid,name,key,status,quota,created_time,redeemed_time,used_user_id',
    );
    expect(list.split('\r\n')[1]).toMatch(/^7,promo,a{32},3,500000,-,\d{4}-.*,4$/);
  });
});
