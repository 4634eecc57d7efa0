import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../testing/render';
import { STORAGE_KEYS, writeItem } from '../../lib/storage';
import { version } from '../../../package.json';
import { Footer } from './footer';

afterEach(() => localStorage.clear());

describe('Footer', () => {
  it('names Switchboard and its version by default, and the new-api version it matches', () => {
    renderScreen(<Footer />);
    const credit = screen.getByTestId('footer-credit').textContent ?? '';
    expect(credit).toContain(`Switchboard v${version}`);
    expect(credit).toContain('New API v0.4.8.8.3');
    expect(credit).not.toMatch(/Calcium-Ion|由/);
  });

  it('shows the Footer option instead when it is set', async () => {
    writeItem(STORAGE_KEYS.footerHtml, '<b>Acme AI</b>');
    renderScreen(<Footer />);
    expect(screen.queryByTestId('footer-credit')).toBeNull();
    expect((await screen.findByText('Acme AI')).closest('footer')).not.toBeNull();
  });
});
