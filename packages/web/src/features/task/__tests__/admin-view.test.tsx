import { TaskSchema } from '@switchboard/sdk';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setUser } from '../../../lib/session';
import { renderScreen } from '../../../testing/render';
import { taskKeys } from '../api/keys';
import { TaskList } from '../components/task-list';

const NONE = { task_id: '', start: '', end: '', channel_id: '' };
const task = TaskSchema.parse({ id: 1, task_id: 'abc', user_id: 42, channel_id: 7, platform: 'suno' });

function show(role: number) {
  setUser({ id: 1, username: 'root', display_name: '', role, status: 1, group: 'default' });
  renderScreen(<TaskList />, {
    url: '/task',
    queries: [
      [taskKeys.list(NONE, 1, role >= 10), { items: [task], total: undefined, hasNext: false, pageSize: 10 }],
    ],
  });
}

afterEach(() => setUser(null));

describe('TaskList', () => {
  it('shows admins the channel and user of every task, and a channel filter', () => {
    show(10);
    expect(screen.getByText('42')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByLabelText('渠道 ID')).toBeTruthy();
  });

  it('shows normal users neither', () => {
    show(1);
    expect(screen.queryByLabelText('渠道 ID')).toBeNull();
    expect(screen.queryByText('42')).toBeNull();
  });
});
