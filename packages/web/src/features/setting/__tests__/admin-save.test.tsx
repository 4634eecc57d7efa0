import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNotices, dismiss } from '../../../lib/notify';
import { renderScreen } from '../../../testing/render';
import { LogSection } from '../components/admin/operation/log-section';
import { OptionSection } from '../components/admin/option-section';
import { adminQueries, spySdk, stored, text } from './admin-fixtures';
import { SECTIONS_BY_ID } from './admin-sections';

afterEach(() => vi.restoreAllMocks());

const render = (id: string) =>
  renderScreen(<OptionSection spec={SECTIONS_BY_ID[id]!} stored={stored} />, {
    url: '/setting',
    queries: adminQueries,
  });
const field = (key: string) => document.querySelector<HTMLInputElement>(`[name="${key}"]`)!;
const save = (id: string) => screen.getByRole('button', { name: (text.save as Record<string, string>)[id]! });

describe('admin settings save behaviour', () => {
  it('saves a switch the moment it flips, with no save button', async () => {
    const sdk = spySdk();
    render('drawing');
    expect(screen.queryByRole('button')).toBeNull();
    await userEvent.click(screen.getByLabelText(text.fields.DrawingEnabled));
    await waitFor(() => expect(sdk.saved).toEqual([[{ key: 'DrawingEnabled', value: 'false' }]]));
    expect(currentNotices().some((n) => n.message === text.saved)).toBe(true);
  });

  it('asks before switching password login off, and sends nothing when cancelled', async () => {
    const sdk = spySdk();
    render('login');
    await userEvent.click(screen.getByLabelText(text.fields.PasswordLoginEnabled));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain(text.confirmOff.PasswordLoginEnabled);
    await userEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(sdk.updateMany).not.toHaveBeenCalled();
    expect((screen.getByLabelText(text.fields.PasswordLoginEnabled) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(screen.getByLabelText(text.fields.PasswordLoginEnabled));
    await userEvent.click(screen.getByRole('button', { name: text.confirmOff.confirm }));
    await waitFor(() => expect(sdk.saved).toEqual([[{ key: 'PasswordLoginEnabled', value: 'false' }]]));
    // Switching other logins on needs no confirmation.
    await userEvent.click(screen.getByLabelText(text.fields.RegisterEnabled));
    await waitFor(() => expect(sdk.saved[1]).toEqual([{ key: 'RegisterEnabled', value: 'false' }]));
  });

  it('sends only the changed text fields, normalised, and never an empty secret', async () => {
    const sdk = spySdk();
    render('smtp');
    fireEvent.change(field('SMTPServer'), { target: { value: 'smtp.example.com' } });
    await userEvent.click(save('smtp'));
    await waitFor(() => expect(sdk.saved).toEqual([[{ key: 'SMTPServer', value: 'smtp.example.com' }]]));

    render('server');
    fireEvent.change(field('ServerAddress'), { target: { value: 'https://new.example.com/' } });
    await userEvent.click(save('server'));
    await waitFor(() =>
      expect(sdk.saved[1]).toEqual([{ key: 'ServerAddress', value: 'https://new.example.com' }]),
    );
  });

  it('sends a typed secret once, then clears the field', async () => {
    const sdk = spySdk();
    render('github');
    fireEvent.change(field('GitHubClientSecret'), { target: { value: 'shh' } });
    await userEvent.click(save('github'));
    await waitFor(() => expect(sdk.saved).toEqual([[{ key: 'GitHubClientSecret', value: 'shh' }]]));
    await waitFor(() => expect(field('GitHubClientSecret').value).toBe(''));
  });

  it('uses the other tab’s own success message', async () => {
    spySdk();
    render('notice');
    fireEvent.change(field('Notice'), { target: { value: '维护通知' } });
    await userEvent.click(save('notice'));
    await waitFor(() =>
      expect(currentNotices().some((n) => n.message === text.messages.noticeSaved)).toBe(true),
    );
  });

  it('shows the server’s refusal under the section', async () => {
    const sdk = spySdk();
    sdk.updateMany.mockRejectedValueOnce(new Error('无法启用 GitHub OAuth'));
    render('systemName');
    fireEvent.change(field('SystemName'), { target: { value: 'Gateway' } });
    await userEvent.click(save('systemName'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${text.messages.systemNameFailed}: 无法启用 GitHub OAuth`,
    );
  });

  it('clears logs only with a chosen time, after a confirm', async () => {
    const sdk = spySdk();
    renderScreen(<LogSection stored={stored} />, { url: '/setting', queries: adminQueries });
    await userEvent.click(screen.getByRole('button', { name: text.log.clear }));
    expect(screen.getByRole('alert').textContent).toBe(text.log.timeRequired);
    fireEvent.change(document.querySelector('[name="log-before"]')!, {
      target: { value: '2026-01-02T03:04' },
    });
    await userEvent.click(screen.getByRole('button', { name: text.log.clear }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(sdk.clearLogs).toHaveBeenCalledWith(new Date('2026-01-02T03:04').getTime() / 1000),
    );
    await waitFor(() => expect(currentNotices().some((n) => n.message === '42 条日志已清理！')).toBe(true));
  });

  it('says how many logs were cleared though the admin left the tab before the answer', async () => {
    for (const notice of currentNotices()) dismiss(notice.id);
    const sdk = spySdk();
    let answer: (count: number) => void = () => undefined;
    sdk.clearLogs.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { unmount } = renderScreen(<LogSection stored={stored} />, {
      url: '/setting',
      queries: adminQueries,
    });
    fireEvent.change(document.querySelector('[name="log-before"]')!, {
      target: { value: '2026-01-02T03:04' },
    });
    await userEvent.click(screen.getByRole('button', { name: text.log.clear }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(sdk.clearLogs).toHaveBeenCalled());
    unmount();
    answer(7);
    await waitFor(() => expect(currentNotices().map((n) => n.message)).toContain('7 条日志已清理！'));
  });

  it('edits the email domain whitelist as chips', async () => {
    const sdk = spySdk();
    render('emailDomains');
    const list = screen.getByTestId('list-EmailDomainWhitelist');
    await userEvent.click(within(list).getByRole('button', { name: 'qq.com' }).querySelector('svg')!);
    await userEvent.type(within(list).getByLabelText(text.list.add), 'example.org, gmail.com{Enter}');
    await userEvent.click(save('emailDomains'));
    await waitFor(() =>
      expect(sdk.saved).toEqual([
        [
          {
            key: 'EmailDomainWhitelist',
            value:
              'gmail.com,163.com,126.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com,example.org',
          },
        ],
      ]),
    );
  });
});
