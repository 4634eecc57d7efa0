import { apiErrorFor, BusinessError } from '@switchboard/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, UNAUTHORIZED_EVENT } from './errors';
import { initI18n } from './i18n';
import { currentNotices } from './notify';
import { createQueryClient } from './query-client';

describe('query client errors (spec §8)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterAll(async () => {
    await initI18n('zh');
  });

  it('maps 429, 500 and 405 to the fixed messages and keeps the server message otherwise', () => {
    expect(errorMessage(apiErrorFor(429, { message: 'x' }))).toBe(
      'Too many requests, please try again later!',
    );
    expect(errorMessage(apiErrorFor(500, { message: 'x' }))).toBe(
      'Server internal error, please contact the administrator!',
    );
    expect(errorMessage(apiErrorFor(405, {}))).toBe('This site is a demo only, there is no server!');
    expect(errorMessage(apiErrorFor(400, { message: 'bad things' }))).toBe('bad things');
  });

  it('sends a 401 anywhere to the login page instead of a toast', async () => {
    const client = createQueryClient();
    let redirected = 0;
    const onEvent = () => redirected++;
    globalThis.addEventListener(UNAUTHORIZED_EVENT, onEvent);
    await client
      .fetchQuery({
        queryKey: ['a'],
        queryFn: () => Promise.reject(apiErrorFor(401, { message: 'expired' })),
      })
      .catch(() => {});
    globalThis.removeEventListener(UNAUTHORIZED_EVENT, onEvent);
    expect(redirected).toBe(1);
    expect(currentNotices().some((n) => n.message.includes('expired'))).toBe(false);
  });

  it('shows a business error as a toast with the server message verbatim', async () => {
    const client = createQueryClient();
    const error = new BusinessError({ status: 200, message: 'token name too long', body: {} });
    await client.fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(error) }).catch(() => {});
    expect(currentNotices().map((n) => [n.severity, n.message])).toContainEqual([
      'error',
      'token name too long',
    ]);
  });
});
