import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChannelSchema } from '@switchboard/sdk';
import { describe, expect, it } from 'vitest';
import { currentNotices } from '../../../lib/notify';
import { renderScreen } from '../../../testing/render';
import { channelKeys } from '../api/keys';
import { ChannelEditor } from '../components/channel-editor';

const queries: Array<[readonly unknown[], unknown]> = [
  [channelKeys.groups, ['default', 'vip']],
  [channelKeys.catalogue, ['gpt-4o', 'gpt-4o-mini', 'claude-3-5-sonnet']],
  [channelKeys.byType, { '1': ['gpt-4o', 'gpt-4o-mini'], '14': ['claude-3-5-sonnet'] }],
];

const stored = ChannelSchema.parse({
  id: 7,
  type: 1,
  name: 'openai-main',
  models: 'gpt-4o,gpt-4o-mini',
  group: 'default',
  priority: 5,
  weight: 1,
  tag: 'openai',
});

function openAdd() {
  renderScreen(<ChannelEditor />, { url: '/channel/add', path: '/channel/add', queries });
}

function openEdit() {
  renderScreen(<ChannelEditor />, {
    url: '/channel/edit/7',
    path: '/channel/edit/:id',
    queries: [...queries, [channelKeys.one(7), stored]],
  });
}

const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

async function fill(label: string, text: string) {
  const input = field(label);
  await userEvent.clear(input);
  await userEvent.click(input);
  // paste, not type: user-event reads `{` and `[` in typed text as key names.
  await userEvent.paste(text);
}

async function submit() {
  await userEvent.click(screen.getByTestId('save-channel'));
  return screen.queryByRole('alert')?.textContent ?? null;
}

async function validBasics() {
  await fill('名称', 'fresh');
  await fill('密钥', 'sk-one');
  await userEvent.click(screen.getByRole('button', { name: '填入相关模型' }));
}

describe('ChannelEditor validation (spec §5)', () => {
  it('requires a name and a key on create', async () => {
    openAdd();
    expect(await submit()).toBe('请填写渠道名称和渠道密钥！');
    await fill('名称', 'fresh');
    expect(await submit()).toBe('请填写渠道名称和渠道密钥！');
  });

  it('requires at least one model', async () => {
    openAdd();
    await fill('名称', 'fresh');
    await fill('密钥', 'sk-one');
    expect(await submit()).toBe('请至少选择一个模型！');
  });

  it('says a model mapping is not valid JSON as it is typed, and refuses to save it', async () => {
    openAdd();
    await validBasics();
    await fill('模型重定向', '{"gpt-4o": ');
    expect(screen.getByText('模型映射必须是合法的 JSON 格式！')).toBeTruthy();
    expect(await submit()).toBe('模型映射必须是合法的 JSON 格式！');
    await fill('模型重定向', '{"gpt-4o": "gpt-4o-2024-08-06", "o1": "o1-preview"}');
    expect(screen.queryByText('模型映射必须是合法的 JSON 格式！')).toBeNull();
    // The preview flags a requested name the channel does not list.
    const preview = screen.getByTestId('mapping-preview');
    expect(within(preview).getByText('gpt-4o → gpt-4o-2024-08-06')).toBeTruthy();
    expect(within(preview).getByText('橙色的键不在模型列表中，请求不会被分配到本渠道')).toBeTruthy();
  });

  it('checks the status code mapping and the advanced settings JSON', async () => {
    openAdd();
    await validBasics();
    await fill('状态码复写', '{"400": 500}');
    expect(await submit()).toBe('状态码复写必须是合法的 JSON 格式！');
    await fill('状态码复写', '{"400": "500"}');
    await fill('渠道额外设置', '[1]');
    expect(await submit()).toBe('渠道额外设置必须是合法的 JSON 格式！');
  });

  it('parses priority and weight as integers', async () => {
    openAdd();
    await validBasics();
    await fill('优先级', '1.5');
    expect(await submit()).toBe('优先级必须是整数');
    await fill('优先级', '-1000');
    expect(await submit()).toBe('优先级不能小于 -999');
    await fill('优先级', '3');
    await fill('权重', '-1');
    expect(await submit()).toBe('权重必须是非负整数');
  });

  it('refuses a base URL that is not http(s)', async () => {
    openAdd();
    await validBasics();
    await fill('代理站地址', 'ftp://example.com');
    expect(await submit()).toBe('Base URL 必须是以 http:// 或 https:// 开头的地址');
  });

  it('takes one key per line only in batch mode, and says how many channels it creates', async () => {
    openAdd();
    await validBasics();
    await fill('密钥', 'sk-one\nsk-two\n\nsk-three');
    expect(await submit()).toBe('单个创建时密钥不能包含多行，请使用批量创建');
    await userEvent.click(screen.getByLabelText('批量创建（一行一个密钥）'));
    expect(screen.getByText('将创建 3 个渠道')).toBeTruthy();
    expect(screen.getByTestId('save-channel').textContent).toBe('提交（创建 3 个渠道）');
  });

  it('rejects custom model names already listed or repeated', async () => {
    openAdd();
    await userEvent.click(screen.getByRole('button', { name: '填入相关模型' }));
    await fill('自定义模型名称', 'my-model, gpt-4o');
    await userEvent.click(screen.getByRole('button', { name: '填入' }));
    expect(screen.getByText('某些模型已存在！ gpt-4o')).toBeTruthy();
    await fill('自定义模型名称', 'a, b, a');
    await userEvent.click(screen.getByRole('button', { name: '填入' }));
    expect(screen.getByText('某些模型已存在！ a')).toBeTruthy();
    await fill('自定义模型名称', 'my-model');
    await userEvent.click(screen.getByRole('button', { name: '填入' }));
    expect(screen.getByText('已选择 3 个模型')).toBeTruthy();
  });

  it('asks for the key before fetching models of a new channel', async () => {
    openAdd();
    await userEvent.click(screen.getByTestId('fetch-models'));
    expect(currentNotices().some((n) => n.message === '请填写密钥')).toBe(true);
  });

  it('shows the type-specific fields and key hints', async () => {
    openAdd();
    expect(screen.getByLabelText('组织')).toBeTruthy();
    const pick = async (name: RegExp) => {
      await userEvent.click(screen.getByLabelText('类型'));
      await userEvent.click(screen.getByRole('option', { name }));
    };
    await pick(/^Azure \(3\)$/);
    expect(screen.getByLabelText('AZURE_OPENAI_ENDPOINT')).toBeTruthy();
    expect(screen.getByLabelText('默认 API 版本')).toBeTruthy();
    expect(screen.getByTestId('type-notice').textContent).toContain('模型部署名称');
    await pick(/^Xunfei \(18\)$/);
    expect(screen.getAllByText('按照如下格式输入：APPID|APISecret|APIKey').length).toBeGreaterThan(0);
    expect(screen.getByLabelText('模型版本')).toBeTruthy();
    await pick(/^VolcEngine \(45\)$/);
    expect(screen.queryByLabelText('代理站地址')).toBeNull();
    await pick(/^Suno \(36\)$/);
    expect(screen.getByText('已选择 2 个模型')).toBeTruthy();
  });

  it('needs a JSON credential and a region for Vertex AI', async () => {
    openAdd();
    await userEvent.click(screen.getByLabelText('类型'));
    await userEvent.click(screen.getByRole('option', { name: /\(41\)$/ }));
    await fill('名称', 'vertex');
    await fill('鉴权 JSON', 'not json');
    await userEvent.click(screen.getByRole('button', { name: '填入所有模型' }));
    expect(await submit()).toBe('无法解析密钥，请填写 JSON 格式的凭证');
    await fill('鉴权 JSON', '{"type": "service_account"}');
    expect(await submit()).toBe('部署地区不能为空');
    await fill('部署地区', '{"default": ');
    expect(screen.getByText('以 { 开头的部署地区必须是合法的 JSON 对象')).toBeTruthy();
  });
});

describe('ChannelEditor editing', () => {
  it('shows every change before saving, and says when nothing changed', async () => {
    openEdit();
    expect(field('名称').value).toBe('openai-main');
    await submit();
    expect(currentNotices().some((n) => n.message === '没有修改')).toBe(true);
    await fill('名称', 'openai-renamed');
    await fill('优先级', '9');
    await userEvent.click(screen.getByRole('button', { name: '清除所有模型' }));
    await fill('自定义模型名称', 'gpt-4.1');
    await userEvent.click(screen.getByRole('button', { name: '填入' }));
    await submit();
    const review = within(screen.getByTestId('change-review'));
    expect(review.getByText('openai-renamed')).toBeTruthy();
    expect(review.getByText('5')).toBeTruthy();
    expect(review.getByText('9')).toBeTruthy();
    expect(review.getByText('+ gpt-4.1')).toBeTruthy();
    expect(review.getByText('− gpt-4o, gpt-4o-mini')).toBeTruthy();
  });

  it('keeps the stored key unless a new one is typed', () => {
    openEdit();
    expect(field('密钥').value).toBe('');
    expect(screen.getByText('留空则保持原密钥不变')).toBeTruthy();
  });

  it('copies every field but the key, which the admin types again', async () => {
    renderScreen(<ChannelEditor />, {
      url: '/channel/add?copy=7',
      path: '/channel/add',
      queries: [...queries, [channelKeys.one(7), stored]],
    });
    expect(await screen.findByText('复制渠道')).toBeTruthy();
    expect(field('名称').value).toBe('openai-main_复制');
    expect(field('标签').value).toBe('openai');
    expect(field('密钥').value).toBe('');
    expect(screen.getByText('渠道密钥不会发送到浏览器，请为副本填写密钥。')).toBeTruthy();
    expect(await submit()).toBe('请填写渠道名称和渠道密钥！');
  });
});
