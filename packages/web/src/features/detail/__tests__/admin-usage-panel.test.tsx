import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render';
import { detailKeys } from '../api/keys';
import { AdminUsagePanel } from '../components/admin-usage-panel';

const START = 1_800_000_000;
const END = START + 3 * 86_400;

function Harness() {
  const [username, setUsername] = useState('');
  return <AdminUsagePanel username={username} onUsername={setUsername} start={START} end={END} />;
}

const users = Array.from({ length: 12 }, (_, i) => ({
  user_id: i + 1,
  username: `user${i + 1}`,
  quota: (12 - i) * 500_000,
  count: 12 - i,
  token_used: 100 * (12 - i),
}));

describe('AdminUsagePanel', () => {
  it('ranks users and channels, top 10 first, and narrows the charts to a picked user', async () => {
    renderScreen(<Harness />, {
      url: '/detail',
      queries: [
        [detailKeys.byUser(START, END), users],
        [
          detailKeys.byChannel(START, END),
          [{ channel_id: 3, channel_name: 'fast-lane', quota: 1_000_000, count: 4, token_used: 80 }],
        ],
      ],
    });
    const byUser = within(screen.getByTestId('usage-by-user'));
    expect(byUser.getAllByTestId('rank-row')).toHaveLength(10);
    expect(byUser.getAllByTestId('rank-row')[0]!.textContent).toContain('$12.00');
    await userEvent.click(byUser.getByRole('button', { name: '显示全部 12 个' }));
    expect(byUser.getAllByTestId('rank-row')).toHaveLength(12);
    expect(within(screen.getByTestId('usage-by-channel')).getByText('#3 fast-lane')).toBeTruthy();

    expect(screen.getByTestId('usage-scope').textContent).toBe('图表显示全部用户（按模型汇总）');
    await userEvent.click(byUser.getByRole('button', { name: 'user2' }));
    expect(screen.getByTestId('usage-scope').textContent).toBe('图表显示 user2 的用量');
    await userEvent.click(screen.getByRole('button', { name: '全部用户' }));
    expect(screen.getByTestId('usage-scope').textContent).toBe('图表显示全部用户（按模型汇总）');
  });
});
