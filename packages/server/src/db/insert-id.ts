import type { Insertable, Kysely } from 'kysely';
import { dialectOf } from './dialect.js';
import type { Database } from './tables.js';

type TableWithId = { [K in keyof Database]: Database[K] extends { id: unknown } ? K : never }[keyof Database];

/** Inserts one row and returns its new id on every dialect (MySQL has no RETURNING). */
export async function insertReturningId<T extends TableWithId>(
  db: Kysely<Database>,
  table: T,
  values: Insertable<Database[T]>,
): Promise<number> {
  // The casts are the price of a table-generic insert; the values are checked against the table above.
  const query = db.insertInto(table).values(values as never);
  if (dialectOf(db) === 'mysql') {
    const result = await query.executeTakeFirstOrThrow();
    return Number(result.insertId);
  }
  const row = (await query.returning('id' as never).executeTakeFirstOrThrow()) as unknown as { id: number };
  return Number(row.id);
}
