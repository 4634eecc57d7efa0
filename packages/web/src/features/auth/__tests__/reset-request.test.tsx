import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../testing/render';
import { ResetRequest } from '../components/reset-request';

describe('ResetRequest', () => {
  it('does nothing with an empty email (the button stays enabled, no countdown)', async () => {
    renderScreen(<ResetRequest />, { url: '/reset' });
    await userEvent.click(screen.getByRole('button', { name: '提交' }));
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
