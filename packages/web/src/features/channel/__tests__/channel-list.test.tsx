import { ChannelSchema, ChannelsResource, type Channel } from '@switchboard/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotices, dismiss } from '../../../lib/notify';
import { renderScreen } from '../../../testing/render';
import { channelKeys, type ChannelListQuery } from '../api/keys';
import { ChannelList } from '../components/channel-list';
import { DeleteDisabledDialog } from '../components/delete-disabled-dialog';
import { toListRows } from '../lib/tag-rows';

afterEach(() => vi.restoreAllMocks());

/** A list call that never answers: what follows a save is seen while the refetch is still under way. */
function listHangs() {
  const never = new Promise<never>(() => undefined);
  const page = Object.assign(never, { [Symbol.asyncIterator]: () => ({ next: () => never }) });
  vi.spyOn(ChannelsResource.prototype, 'list').mockReturnValue(page as never);
}

const messages = () => currentNotices().map((n) => n.message);

const channels = [
  ChannelSchema.parse({
    id: 1,
    name: 'alpha',
    tag: 'team',
    status: 1,
    priority: 5,
    weight: 1,
    response_time: 800,
  }),
  ChannelSchema.parse({
    id: 2,
    name: 'beta',
    tag: 'team',
    status: 3,
    priority: 0,
    weight: 1,
    response_time: 6200,
    other_info: JSON.stringify({ status_reason: 'quota exhausted', status_time: 1_700_000_000 }),
  }),
  ChannelSchema.parse({ id: 3, name: 'gamma', status: 2, priority: 1, weight: 0 }),
];

function open(tagMode: boolean) {
  const query: ChannelListQuery = {
    page: 1,
    pageSize: 10,
    keyword: '',
    group: '',
    model: '',
    idSort: false,
    tagMode,
  };
  const rows = toListRows(channels, tagMode);
  renderScreen(<ChannelList />, {
    url: tagMode ? '/channel?tag_mode=1' : '/channel',
    queries: [
      [channelKeys.list(query), { rows, channels, hasNext: false, total: undefined }],
      [channelKeys.groups, ['default']],
      [channelKeys.enabledModels, ['gpt-4o']],
      [channelKeys.catalogue, ['gpt-4o']],
    ],
  });
}

describe('ChannelList', () => {
  it('shows status and response-time bands', async () => {
    open(false);
    await screen.findByText('beta');
    const statuses = screen.getAllByTestId('channel-status').map((s) => s.textContent);
    expect(statuses).toEqual(['已启用', '自动禁用', '已禁用']);
    const tones = screen.getAllByTestId('response-time').map((c) => c.getAttribute('data-tone'));
    expect(tones).toEqual(['fast', 'bad', 'untested']);
  });

  it('validates inline priority and weight edits (spec §5)', async () => {
    open(false);
    await screen.findByText('alpha');
    const priority = screen.getAllByLabelText('优先级')[0]!;
    await userEvent.clear(priority);
    await userEvent.type(priority, 'abc{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('优先级必须是整数');
    await userEvent.clear(priority);
    await userEvent.type(priority, '-1000{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('优先级不能小于 -999');
    await userEvent.type(priority, '{Escape}');
    const weight = screen.getAllByLabelText('权重')[0]!;
    await userEvent.clear(weight);
    await userEvent.type(weight, '1.5{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('权重必须是非负整数');
  });

  it("reports a refused inline edit though the next row's edit went out before the answer", async () => {
    for (const notice of currentNotices()) dismiss(notice.id);
    listHangs();
    let refuse: (error: Error) => void = () => undefined;
    const update = vi
      .spyOn(ChannelsResource.prototype, 'updatePriority')
      .mockReturnValueOnce(new Promise((_resolve, reject) => (refuse = reject)))
      .mockResolvedValueOnce(channels[2]!);
    open(false);
    await screen.findByText('alpha');
    const [alpha, , gamma] = screen.getAllByLabelText('优先级');
    await userEvent.clear(alpha!);
    await userEvent.type(alpha!, '7{Enter}');
    await userEvent.clear(gamma!);
    await userEvent.type(gamma!, '2{Enter}');
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    refuse(new Error('priority refused'));
    await waitFor(() => expect(messages()).toContain('priority refused'));
  });

  it('shows the bulk bar for a selection, and set-tag needs a tag', async () => {
    open(false);
    await screen.findByText('alpha');
    expect(screen.queryByTestId('bulk-bar')).toBeNull();
    const boxes = screen.getAllByRole('checkbox', { name: '选择行' });
    await userEvent.click(boxes[0]!);
    await userEvent.click(boxes[2]!);
    const bar = screen.getByTestId('bulk-bar');
    expect(within(bar).getByText('已选择 2 个渠道')).toBeTruthy();
    await userEvent.click(within(bar).getByRole('button', { name: '设置标签' }));
    const dialog = screen.getByRole('dialog');
    expect(within(within(dialog).getByTestId('tag-preview')).getByText('team')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('标签不能为空！');
  });

  it('groups by tag, and the tag editor says what an edit does', async () => {
    open(true);
    const name = await screen.findByText('team（2 个渠道）');
    expect(name).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: '编辑标签' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('将修改 2 个渠道：alpha, beta')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('没有修改');
    const priority = within(dialog).getByLabelText('优先级');
    await userEvent.type(priority, 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('优先级必须是整数');
    await userEvent.clear(priority);
    await userEvent.type(within(dialog).getByLabelText('权重'), '-2');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('权重必须是非负整数');
    await userEvent.clear(within(dialog).getByLabelText('权重'));
    await userEvent.click(within(dialog).getByLabelText('模型重定向'));
    await userEvent.paste('{"a": 1}');
    await userEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('模型映射必须是合法的 JSON 格式！');
    await userEvent.clear(within(dialog).getByLabelText('标签名称'));
    expect(within(dialog).getByText('名称为空：保存后这 2 个渠道将不再有标签')).toBeTruthy();
  });
});

describe('DeleteDisabledDialog', () => {
  it('names the channels it will delete before deleting', async () => {
    const disabled = channels.filter((c) => c.status !== 1);
    renderScreen(<DeleteDisabledDialog onClose={() => {}} />, {
      url: '/channel',
      queries: [[channelKeys.disabledPreview, disabled]],
    });
    expect(await screen.findByText('将删除以下 2 个已禁用（含自动禁用）的渠道，且无法恢复：')).toBeTruthy();
    expect(screen.getByTestId('doomed-channels').textContent).toBe('#2 beta, #3 gamma');
  });

  it('says how many it deleted and closes before the preview has been walked again', async () => {
    for (const notice of currentNotices()) dismiss(notice.id);
    listHangs();
    vi.spyOn(ChannelsResource.prototype, 'deleteDisabled').mockResolvedValue(2);
    const onClose = vi.fn();
    const disabled: Channel[] = channels.filter((c) => c.status !== 1);
    renderScreen(<DeleteDisabledDialog onClose={onClose} />, {
      url: '/channel',
      queries: [[channelKeys.disabledPreview, disabled]],
    });
    await userEvent.click(await screen.findByRole('button', { name: '删除' }));
    await waitFor(() => expect(messages()).toContain('已删除 2 个渠道'));
    expect(onClose).toHaveBeenCalled();
  });
});
