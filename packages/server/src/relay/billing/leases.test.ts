import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.js';
import { insertReturningId } from '../../db/insert-id.js';
import { openTestDb, testDialects, type TestDb } from '../../testing/test-db.js';
import { LEASE_TTL_S, LeaseBook } from './leases.js';

const shared = testDialects().filter((d) => d !== 'sqlite');

const leaseRows = (db: Db, id: number) =>
  db
    .selectFrom('balance_leases')
    .select(['node', 'amount'])
    .where('owner_id', '=', id)
    .orderBy('node')
    .execute();

describe.skipIf(shared.length === 0).each(shared)('balance leases on %s', (dialect) => {
  let t: TestDb;
  let other: Db;
  let clock = 1_000_000_000;
  const held = new Map<string, number>();
  const book = (db: Db, node: string) =>
    new LeaseBook(
      db,
      node,
      (kind, id) => held.get(`${node}${kind}${id}`) ?? 0,
      () => clock,
    );
  const user = async (quota: number) =>
    insertReturningId(t.db, 'users', {
      username: `l${Math.random().toString(36).slice(2, 10)}`,
      password: 'x',
      quota,
    });

  beforeAll(async () => {
    t = await openTestDb(dialect);
    other = await t.connect!();
  });
  afterAll(async () => {
    await other.destroy();
    await t.close();
  });

  it('takes a quarter of a balance far above the request, and only the request near the bottom', async () => {
    const a = book(t.db, 'a');
    const rich = await user(1_000_000);
    await a.grow('u', rich, 1_000);
    expect(a.spendable('u', rich)).toBe(1_000 + Math.floor(999_000 / 4));
    const poor = await user(10_000);
    await a.grow('u', poor, 1_000);
    expect(a.spendable('u', poor)).toBe(1_000);
  });

  it('never lets the slices of two nodes together pass the balance, however they race', async () => {
    const id = await user(50_000);
    const a = book(t.db, 'a');
    const b = book(other, 'b');
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        ((i % 2 ? a : b) as LeaseBook).grow('u', id, 1_000 + (i % 7) * 900),
      ),
    );
    const rows = await leaseRows(t.db, id);
    const total = rows.reduce((n, r) => n + Number(r.amount), 0);
    expect(total).toBeLessThanOrEqual(50_000);
    expect(a.spendable('u', id) + b.spendable('u', id)).toBe(total);
  });

  it('gives a dead node’s slices to the others only once they have expired', async () => {
    const id = await user(10_000);
    const dead = book(t.db, 'dead');
    const live = book(other, 'live');
    await dead.grow('u', id, 10_000);
    await live.grow('u', id, 1_000);
    expect(live.spendable('u', id)).toBe(0);
    clock += (LEASE_TTL_S - 1) * 1000;
    await live.grow('u', id, 1_000);
    expect(live.spendable('u', id)).toBe(0);
    clock += 2_000;
    await live.grow('u', id, 1_000);
    expect(live.spendable('u', id)).toBe(1_000);
    // The dead node itself stopped admitting against its slice before the others could take it.
    expect(dead.spendable('u', id)).toBe(0);
  });

  it('hands back what a tight slice does not hold once its requests settle', async () => {
    const id = await user(3_000);
    const a = book(t.db, 'a2');
    const b = book(other, 'b2');
    held.set(`a2u${id}`, 3_000);
    await a.grow('u', id, 3_000);
    await b.grow('u', id, 1_000);
    expect(b.spendable('u', id)).toBe(0);
    a.charged('u', id, 1_000);
    held.set(`a2u${id}`, 0);
    a.settled('u', id);
    await new Promise((r) => setTimeout(r, 50));
    await b.grow('u', id, 1_000);
    expect(b.spendable('u', id)).toBe(1_000);
  });

  it('stops admitting against a revoked slice, and starts from the table again after a restart', async () => {
    const id = await user(5_000);
    const a = book(t.db, 'a3');
    await a.grow('u', id, 2_000);
    a.revoked('u', [id]);
    expect(a.spendable('u', id)).toBe(0);
    const again = book(t.db, 'a3');
    await again.start();
    expect(await leaseRows(t.db, id)).toEqual([]);
    await again.close();
  });
});
