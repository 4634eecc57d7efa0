import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow the live types */

/**
 * The token a drawing or music task was charged to (new-api keeps only the user): a task that later fails gives
 * the quota back to the token's balance as well as the user's, so both balances stay whole. 0 when unknown
 * (rows adopted from new-api).
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['midjourneys', 'tasks'])
    await db.schema
      .alterTable(table)
      .addColumn('token_id', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['midjourneys', 'tasks'])
    await db.schema.alterTable(table).dropColumn('token_id').execute();
}
