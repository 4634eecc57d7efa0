import { describe, expect, it } from 'vitest';

import { EXPIRY_SHORTCUTS, expiryFromShortcut, parseExpiry } from './expiry.js';
import { formatTimestamp } from './format.js';

const NOW = 1_700_000_000;

describe('expiryFromShortcut', () => {
  it('offers never, 1 hour, 1 day and 1 month', () => {
    expect(EXPIRY_SHORTCUTS.map((s) => s.id)).toEqual(['never', 'hour', 'day', 'month']);
  });

  it('adds the shortcut to now, in whole seconds', () => {
    expect(expiryFromShortcut('never', NOW)).toBe(-1);
    // 3600 s
    expect(expiryFromShortcut('hour', NOW)).toBe(1_700_003_600);
    // 86400 s
    expect(expiryFromShortcut('day', NOW)).toBe(1_700_086_400);
    // 30 × 86400 = 2592000 s
    expect(expiryFromShortcut('month', NOW)).toBe(1_702_592_000);
    expect(expiryFromShortcut('hour', NOW + 0.9)).toBe(1_700_003_600);
  });
});

describe('parseExpiry', () => {
  it('reads -1 as never', () => {
    expect(parseExpiry('-1')).toBe(-1);
    expect(parseExpiry(-1)).toBe(-1);
  });

  it('reads local yyyy-MM-dd HH:mm:ss as unix seconds, the inverse of formatTimestamp', () => {
    const seconds = new Date(2025, 5, 30, 18, 5, 9).getTime() / 1000;
    expect(parseExpiry('2025-06-30 18:05:09')).toBe(seconds);
    expect(parseExpiry(formatTimestamp(NOW))).toBe(NOW);
    expect(parseExpiry('2024-02-29 00:00:00')).not.toBeNull();
  });

  it.each(['', 'tomorrow', '2025-06-30', '2025/06/30 18:05:09', '2025-6-30 18:05:09', '0'])(
    'rejects %j',
    (text) => {
      expect(parseExpiry(text)).toBeNull();
    },
  );

  it.each(['2025-02-29 00:00:00', '2025-13-01 00:00:00', '2025-04-31 00:00:00', '2025-01-01 24:00:00'])(
    'rejects the impossible date %j',
    (text) => {
      expect(parseExpiry(text)).toBeNull();
    },
  );
});
