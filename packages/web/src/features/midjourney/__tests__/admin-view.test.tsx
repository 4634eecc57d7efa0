import { DrawingTaskSchema } from '@switchboard/sdk';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setUser } from '../../../lib/session';
import { renderScreen } from '../../../testing/render';
import { midjourneyKeys } from '../api/keys';
import { MidjourneyList } from '../components/midjourney-list';

const NONE = { mj_id: '', start: '', end: '', channel_id: '' };
const task = DrawingTaskSchema.parse({ id: 1, mj_id: '1741', user_id: 42, channel_id: 7, action: 'IMAGINE' });

function show(role: number) {
  setUser({ id: 1, username: 'root', display_name: '', role, status: 1, group: 'default' });
  renderScreen(<MidjourneyList />, {
    url: '/midjourney',
    status: { mj_notify_enabled: true },
    queries: [
      [
        midjourneyKeys.list(NONE, 1, role >= 10),
        { items: [task], total: undefined, hasNext: false, pageSize: 10 },
      ],
    ],
  });
}

afterEach(() => setUser(null));

describe('MidjourneyList', () => {
  it('shows admins every user’s tasks with channel and user, and a digits-only channel filter', async () => {
    show(10);
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('渠道 ID'), 'x7');
    expect((screen.getByLabelText('渠道 ID') as HTMLInputElement).value).toBe('7');
  });

  it('shows normal users neither the columns nor the filter', () => {
    show(1);
    expect(screen.queryByLabelText('渠道 ID')).toBeNull();
    expect(screen.queryByText('42')).toBeNull();
  });
});
