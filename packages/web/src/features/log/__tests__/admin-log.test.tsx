import { LogSchema, UserSchema } from '@switchboard/sdk';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setUser } from '../../../lib/session';
import { renderScreen } from '../../../testing/render';
import { logKeys, type LogFilters } from '../api/keys';
import { LogList } from '../components/log-list';

const NO_FILTERS: LogFilters = {
  type: '',
  token_name: '',
  model_name: '',
  group: '',
  start: '',
  end: '',
  username: '',
  channel: '',
};

const log = LogSchema.parse({
  id: 1,
  user_id: 5,
  created_at: 1_800_000_000,
  type: 2,
  username: 'alice',
  token_name: 'main',
  model_name: 'gpt-4o-mini',
  channel: 3,
  channel_name: 'openai-main',
  quota: 100,
  other: JSON.stringify({ admin_info: { use_channel: [2, 3] } }),
});

function show(role: number) {
  setUser({ id: 1, username: 'root', display_name: '', role, status: 1, group: 'default' });
  const admin = role >= 10;
  renderScreen(<LogList />, {
    url: '/log',
    queries: [
      [logKeys.list(NO_FILTERS, 1, 10, admin), { items: [log], total: 1, hasNext: false }],
      [logKeys.stat(NO_FILTERS, admin), { quota: 100, rpm: 0, tpm: 0 }],
      [logKeys.user(5), UserSchema.parse({ id: 5, username: 'alice', quota: 1_000_000, aff_count: 2 })],
    ],
  });
}

afterEach(() => setUser(null));

describe('LogList for admins', () => {
  it('shows the channel with its retry chain, and the user, whose name opens their information', async () => {
    show(100);
    expect((await screen.findByTestId('log-channel')).textContent).toBe('3');
    expect(screen.getByTestId('log-retry').textContent).toBe('重试：2 → 3');
    await userEvent.click(screen.getByTestId('log-username'));
    const info = within(await screen.findByTestId('log-user-info'));
    expect(info.getByText('$2.00')).toBeTruthy();
    expect(screen.getByRole('link', { name: '编辑用户' }).getAttribute('href')).toBe('/user/edit/5');
  });

  it('filters by user and channel', () => {
    show(100);
    expect(screen.getByLabelText('渠道 ID')).toBeTruthy();
    expect(screen.getAllByLabelText('用户').length).toBeGreaterThan(0);
  });

  it('hides all of it from normal users', () => {
    show(1);
    expect(screen.queryByTestId('log-channel')).toBeNull();
    expect(screen.queryByLabelText('渠道 ID')).toBeNull();
  });
});
