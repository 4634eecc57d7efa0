import { afterEach, beforeAll } from 'vitest';

// Component tests run in happy-dom; the end-to-end tests (node environment) drive a real browser instead.
if (typeof document !== 'undefined') {
  const { cleanup } = await import('@testing-library/react');
  const { initI18n } = await import('../lib/i18n');
  beforeAll(async () => {
    await initI18n('zh');
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });
}
