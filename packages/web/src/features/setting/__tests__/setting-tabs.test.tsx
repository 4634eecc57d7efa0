import { Role, UserSchema } from '@switchboard/sdk';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setUser } from '../../../lib/session';
import { renderScreen } from '../../../testing/render';
import { settingKeys } from '../api/keys';
import { SettingPage } from '../components/setting-page';
import { adminQueries, spySdk, text } from './admin-fixtures';

afterEach(() => {
  vi.restoreAllMocks();
  setUser(null);
});

function Where() {
  return <div data-testid="where">{useLocation().search}</div>;
}

function renderAs(role: number, url: string) {
  setUser({ id: 1, username: 'u', display_name: 'u', role, status: 1, group: 'default' });
  const self = UserSchema.parse({ id: 1, username: 'u', role, setting: '' });
  return renderScreen(
    <>
      <SettingPage />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    { url, path: '/setting', queries: [[settingKeys.self, self], ...adminQueries] },
  );
}

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('/setting tabs', () => {
  it('shows root every admin tab, and the URL holds the tab', async () => {
    spySdk();
    renderAs(Role.Root, '/setting?tab=system');
    expect(tabNames()).toEqual(['个人设置', ...Object.values(text.tabs)]);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe(text.tabs.system);
    expect(await screen.findByTestId('section-smtp', {}, { timeout: 10_000 })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: text.tabs.ratelimit }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('?tab=ratelimit'));
    expect(await screen.findByTestId('section-ratelimit', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('gives an admin below root and a normal user the personal tab only, whatever the URL asks', () => {
    for (const role of [Role.Admin, Role.Common]) {
      const { unmount } = renderAs(role, '/setting?tab=operation');
      expect(tabNames()).toEqual(['个人设置']);
      expect(screen.queryByTestId('section-general')).toBeNull();
      unmount();
    }
  });
});
