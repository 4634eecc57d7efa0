import type { MockServer } from '../src/index.js';

/** The newest consume log, after the relay's buffered settlements reached the database. */
export async function lastConsumeLog(mock: MockServer) {
  await mock.ctx.flush();
  return mock.db
    .selectFrom('logs')
    .selectAll()
    .where('type', '=', 2)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}
