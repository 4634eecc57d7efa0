import { AuditEntrySchema } from '@switchboard/sdk';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotices } from '../../../lib/notify';
import { renderScreen } from '../../../testing/render';
import { diffRows } from '../components/audit-diff';
import { AuditEntryDialog, canRevert } from '../components/audit-entry-dialog';
import { AuditList } from '../components/audit-list';

const entry = (patch: Record<string, unknown> = {}) =>
  AuditEntrySchema.parse({
    id: 12,
    created_at: 1_800_000_000,
    actor_id: 1,
    actor_name: 'root',
    ip: '10.0.0.9',
    via: 'session',
    credential: 'abcdef0123456789',
    action: 'channel.update',
    target_type: 'channel',
    target_id: '4',
    before: { name: 'old', key: '[redacted]', priority: 1 },
    after: { name: 'new', key: '[redacted]', key_changed: true, priority: 1 },
    reverted_from: null,
    ...patch,
  });

// The server's answers (packages/server/src/modules/audit) through the real SDK client.
const api = vi.hoisted(() => ({
  calls: [] as URL[],
  revert: { success: true, message: '', data: {} } as unknown,
}));
vi.mock('../../../lib/sdk', async () => {
  const { fakeApi } = await import('../../../testing/fake-api');
  const fake = fakeApi({
    '/api/audit': () => ({
      success: true,
      message: '',
      data: {
        items: [
          entry(),
          entry({
            id: 11,
            action: 'user.update',
            target_type: 'user',
            target_id: '3',
            before: { quota: 1 },
            after: { quota: 2 },
          }),
        ],
        total: 2,
        page: 1,
        page_size: 10,
      },
    }),
    '/api/audit/12/revert': () => api.revert,
  });
  api.calls = fake.calls;
  return { sdk: async () => fake.client, resetSdk: () => undefined };
});

afterEach(() => {
  api.calls.length = 0;
});

describe('diffRows', () => {
  it('lists every field once and marks the changed ones', () => {
    expect(diffRows({ a: 1, b: 'x' }, { a: 2, b: 'x', c: true })).toEqual([
      { field: 'a', before: '1', after: '2', changed: true },
      { field: 'b', before: 'x', after: 'x', changed: false },
      { field: 'c', before: '—', after: 'true', changed: true },
    ]);
    expect(diffRows(null, { name: 'n' })).toEqual([
      { field: 'name', before: '—', after: 'n', changed: true },
    ]);
  });
});

describe('AuditList', () => {
  it('shows the entries and sends the filters from the URL', async () => {
    renderScreen(<AuditList />, {
      url: '/audit?target_type=channel&target_id=4&actor_id=1&start=1700000000',
    });
    const table = await screen.findByTestId('audit-table');
    expect(await within(table).findByText('channel.update')).toBeTruthy();
    expect(within(table).getByText('name, key, priority')).toBeTruthy();
    expect(within(table).getAllByText('root (#1)')).toHaveLength(2);
    const call = api.calls.find((u) => u.pathname === '/api/audit')!;
    expect(Object.fromEntries(call.searchParams)).toMatchObject({
      target_type: 'channel',
      target_id: '4',
      actor_id: '1',
      start_timestamp: '1700000000',
    });
  });

  it('opens an entry with its before/after diff', async () => {
    renderScreen(<AuditList />, { url: '/audit' });
    await userEvent.click(await screen.findByTestId('audit-open-12'));
    const dialog = within(await screen.findByTestId('audit-entry'));
    const diff = within(dialog.getByTestId('audit-diff'));
    const name = diff.getAllByRole('row').find((r) => r.getAttribute('data-field') === 'name')!;
    expect(name.getAttribute('data-changed')).toBe('true');
    expect(within(name).getByTestId('audit-before').textContent).toBe('old');
    expect(within(name).getByTestId('audit-after').textContent).toBe('new');
    const priority = diff.getAllByRole('row').find((r) => r.getAttribute('data-field') === 'priority')!;
    expect(priority.getAttribute('data-changed')).toBe('false');
    expect(dialog.getByText('来自 10.0.0.9，通过登录会话（abcdef0123456789）')).toBeTruthy();
  });
});

describe('AuditEntryDialog', () => {
  it('offers Revert only for option and channel changes', () => {
    expect(canRevert(entry())).toBe(true);
    expect(canRevert(entry({ target_type: 'option', target_id: 'SystemName' }))).toBe(true);
    expect(canRevert(entry({ target_type: 'user' }))).toBe(false);
    expect(canRevert(entry({ after: null }))).toBe(false);
    expect(canRevert(entry({ action: 'channel.fix', target_id: '' }))).toBe(false);
    renderScreen(<AuditEntryDialog entry={entry({ target_type: 'user' })} onClose={() => {}} />, {
      url: '/audit',
    });
    expect(screen.queryByRole('button', { name: '撤销此变更' })).toBeNull();
  });

  it('reverts after confirmation, and shows a refusal', async () => {
    const closed = vi.fn();
    api.revert = {
      success: true,
      message: '',
      data: entry({ id: 13, action: 'channel.revert', reverted_from: 12 }),
    };
    renderScreen(<AuditEntryDialog entry={entry()} onClose={closed} />, { url: '/audit' });
    await userEvent.click(screen.getByRole('button', { name: '撤销此变更' }));
    expect(api.calls.some((u) => u.pathname.endsWith('/revert'))).toBe(false);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: '撤销记录 #12？' })).getByRole('button', {
        name: '撤销此变更',
      }),
    );
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(api.calls.filter((u) => u.pathname === '/api/audit/12/revert')).toHaveLength(1);
    expect(currentNotices().map((n) => n.message)).toContain('已撤销，新记录 #13');

    api.revert = { success: false, message: '目标在此记录之后又被修改过，无法撤销；请先撤销之后的变更' };
    renderScreen(<AuditEntryDialog entry={entry()} onClose={() => {}} />, { url: '/audit' });
    await userEvent.click(screen.getAllByRole('button', { name: '撤销此变更' }).at(-1)!);
    await userEvent.click(
      within(screen.getByRole('dialog', { name: '撤销记录 #12？' })).getByRole('button', {
        name: '撤销此变更',
      }),
    );
    await waitFor(() =>
      expect(currentNotices().map((n) => n.message)).toContain(
        '目标在此记录之后又被修改过，无法撤销；请先撤销之后的变更',
      ),
    );
  });
});
