import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id.js';

describe('newRequestId', () => {
  it("keeps new-api's format: local timestamp to the millisecond, then 8 characters, never repeating", () => {
    const at = new Date(2026, 10, 22, 4, 35, 12, 7);
    expect(newRequestId(at)).toMatch(/^20261122043512007[\w-]{8}$/);
    const ids = new Set(Array.from({ length: 5000 }, () => newRequestId(at)));
    expect(ids.size).toBe(5000);
    expect(newRequestId(new Date(2026, 10, 22, 4, 35, 13, 999))).toMatch(/^20261122043513999/);
  });
});
