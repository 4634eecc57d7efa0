import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../testing/render';
import { OptionSection } from '../components/admin/option-section';
import { SECTIONS_BY_ID } from './admin-sections';
import { adminQueries, spySdk, stored, text } from './admin-fixtures';
import type { SectionSpec } from '../options/section-spec';
import type { OptionValues } from '../options/option-values';

afterEach(() => vi.restoreAllMocks());

function renderSection(spec: SectionSpec, values: OptionValues = stored) {
  return renderScreen(<OptionSection spec={spec} stored={values} />, {
    url: '/setting',
    queries: adminQueries,
  });
}

const field = (key: string) => document.querySelector<HTMLInputElement>(`[name="${key}"]`)!;
const saveButton = (id: string) =>
  screen.getByRole('button', { name: (text.save as Record<string, string>)[id]! });

/** Each form's rule, the value that breaks it and the message the admin reads (spec §5). */
const CASES: Array<[section: string, key: string, value: string, message: string]> = [
  ['general', 'QuotaPerUnit', '0', '必须大于 0'],
  ['general', 'RetryTimes', '1.5', '必须是整数'],
  ['dashboard', 'DataExportInterval', '0', '不能小于 1'],
  ['monitoring', 'ChannelDisableThreshold', '-1', '不能小于 0'],
  ['monitoring', 'ChannelDisableFailureCount', '0', '不能小于 1'],
  ['monitoring', 'ChannelDisableFailureWindowMinutes', '2.5', '必须是整数'],
  ['monitoring', 'QuotaRemindThreshold', '-5', '额度必须是 0 到 9007199254740991 之间的整数'],
  ['quota', 'QuotaForNewUser', '1e400', '必须是整数'],
  ['quota', 'PreConsumedQuota', '-1', '额度必须是 0 到 9007199254740991 之间的整数'],
  ['chats', 'Chats', '{"a":"b"}', '聊天配置必须是 JSON 数组，每项为 {名称: 链接}'],
  ['groups', 'GroupRatio', '{"vip":-1}', '倍率必须是不小于 0 的数字'],
  ['groups', 'UserUsableGroups', '{"vip":1}', '必须是值为字符串的 JSON 对象'],
  ['ratios', 'ModelRatio', '{"gpt-4o":"1"}', '倍率必须是不小于 0 的数字'],
  ['ratios', 'ModelPrice', '[1', '不是合法的 JSON 字符串'],
  ['ratios', 'CompletionRatio', 'nope', '不是合法的 JSON 字符串'],
  ['ratelimit', 'ModelRequestRateLimitDurationMinutes', '-1', '限制周期不能小于 0'],
  ['ratelimit', 'ModelRequestRateLimitCount', '-1', '用户每周期最多请求次数不能小于 0'],
  ['ratelimit', 'ModelRequestRateLimitSuccessCount', '0', '用户每周期最多请求完成次数不能小于 1'],
  ['gemini', 'gemini.safety_settings', '{', '不是合法的 JSON 字符串'],
  ['gemini', 'gemini.version_settings', '{"default":1}', '必须是值为字符串的 JSON 对象'],
  ['claude', 'claude.model_headers_settings', '[]', '必须是 JSON 对象'],
  ['claude', 'claude.default_max_tokens', '{"default":"8192"}', '必须是值为非负整数的 JSON 对象'],
  ['claude', 'claude.thinking_adapter_budget_tokens_percentage', '1.5', '思考预算占比必须在 0.1 到 1 之间'],
  ['claude', 'claude.thinking_adapter_budget_tokens_percentage', '0.05', '思考预算占比必须在 0.1 到 1 之间'],
  ['payment', 'MinTopUp', '0', '不能小于 1'],
  ['payment', 'Price', 'cheap', '必须是数字'],
  ['payment', 'TopupGroupRatio', '{', '不是合法的 JSON 字符串'],
  ['smtp', 'SMTPPort', '70000', '不能大于 65535'],
];

describe('admin settings validation', () => {
  it.each(CASES)('%s: %s = %s says "%s" and sends nothing', async (section, key, value, message) => {
    const sdk = spySdk();
    renderSection(SECTIONS_BY_ID[section]!);
    fireEvent.change(field(key), { target: { value } });
    await userEvent.click(saveButton(section));
    expect(screen.getByRole('alert').textContent).toBe(message);
    // The field itself carries the message too.
    expect(field(key).getAttribute('aria-invalid')).toBe('true');
    expect(sdk.updateMany).not.toHaveBeenCalled();
  });

  it('checks JSON as you type, before any save', () => {
    spySdk();
    renderSection(SECTIONS_BY_ID['groups']!);
    fireEvent.change(field('GroupRatio'), { target: { value: '{"default":' } });
    expect(screen.getByText('不是合法的 JSON 字符串')).toBeTruthy();
    fireEvent.change(field('GroupRatio'), { target: { value: '{"default":1}' } });
    expect(screen.queryByText('不是合法的 JSON 字符串')).toBeNull();
  });

  it('says "you seem to have changed nothing" when nothing changed', async () => {
    const sdk = spySdk();
    renderSection(SECTIONS_BY_ID['notice']!);
    await userEvent.click(saveButton('notice'));
    expect(screen.getByRole('alert').textContent).toBe('你似乎并没有修改什么');
    expect(sdk.updateMany).not.toHaveBeenCalled();
  });

  it('needs the server address before payment settings', async () => {
    const sdk = spySdk();
    renderSection(SECTIONS_BY_ID['payment']!, { ...stored, ServerAddress: '' });
    fireEvent.change(field('PayAddress'), { target: { value: 'https://pay.example.com' } });
    await userEvent.click(saveButton('payment'));
    expect(screen.getByRole('alert').textContent).toBe('请先填写服务器地址');
    expect(sdk.updateMany).not.toHaveBeenCalled();
  });
});
