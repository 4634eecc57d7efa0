import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, testDialects, type TestDb } from '../../testing/test-db.js';
import { ClosedWindowCache } from './closed-window-cache.js';
import { countLogs, type LogFilter } from './logs.repository.js';

describe.each(testDialects())('log totals by closed window on %s', (dialect) => {
  let db: TestDb;
  let nowS = 10_000;
  const measured: LogFilter[] = [];
  let cache: ClosedWindowCache<number>;
  const insert = (times: number[]) =>
    db.db
      .insertInto('logs')
      .values(times.map((t, i) => ({ user_id: 1 + (i % 2), username: 'u', created_at: t, type: 2 })))
      .execute();

  beforeAll(async () => {
    db = await openTestDb(dialect);
    // 3 rows a second from 9,000 to 9,999.
    await insert(Array.from({ length: 3000 }, (_, i) => 9000 + Math.floor(i / 3)));
    cache = new ClosedWindowCache(
      { plus: (a, b) => a + b, minus: (a, b) => a - b },
      (f) => (measured.push(f), countLogs(db.db, f)),
      { nowS: () => nowS, nowMs: () => Date.now() },
    );
  });
  afterAll(() => db.close());

  it('answers exact totals for a walk of falling ends, measuring only the rows between them', async () => {
    for (const f of [{}, { userId: 2 }, { userId: 1, start_timestamp: 9100 }]) {
      measured.length = 0;
      for (let end = 9930; end >= 9050; end -= 37) {
        expect(await cache.get({ ...f, end_timestamp: end })).toBe(
          await countLogs(db.db, { ...f, end_timestamp: end }),
        );
      }
      // One full measurement, then only the 37 seconds between one end and the next.
      expect(measured[0]).toEqual({ ...f, end_timestamp: 9930 });
      for (const m of measured.slice(1)) expect(m.end_timestamp! - m.start_timestamp!).toBeLessThan(37);
    }
  });

  it('measures the last open minute every time, so new rows count at once', async () => {
    expect(await cache.get({})).toBe(3000);
    await insert([nowS, nowS, nowS - 5]);
    expect(await cache.get({})).toBe(3003);
    measured.length = 0;
    nowS += 30;
    expect(await cache.get({ userId: 1 })).toBe(await countLogs(db.db, { userId: 1 }));
    expect(await cache.get({ userId: 1 })).toBe(await countLogs(db.db, { userId: 1 }));
    // The second call moved the closed window forward by nothing and measured only the open minute.
    expect(measured.at(-1)).toEqual({ userId: 1, start_timestamp: nowS - 59 });
  });

  it('forgets on invalidate, after rows were deleted', async () => {
    expect(await cache.get({ end_timestamp: 9500 })).toBe(1503);
    await db.db.deleteFrom('logs').where('created_at', '<', 9100).execute();
    cache.invalidate();
    expect(await cache.get({ end_timestamp: 9500 })).toBe(1203);
  });
});
