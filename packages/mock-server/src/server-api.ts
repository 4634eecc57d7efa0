/**
 * The one seam between mock-server and the server's internals. `@switchboard/server` does not export these yet
 * (its index is empty), so they are imported by path here and nowhere else; switch to the package entry once it
 * exports them.
 */
export { buildApp } from '../../server/src/app.js';
export type { AppContext } from '../../server/src/context.js';
export type { Db } from '../../server/src/db/database.js';
export { createDb } from '../../server/src/db/database.js';
export { migrateToLatest } from '../../server/src/db/migrate.js';
export type { Database } from '../../server/src/db/tables.js';
export { insertReturningId } from '../../server/src/db/insert-id.js';
export { rebuildAbilities } from '../../server/src/modules/channels/abilities.js';
export { bootstrapRoot } from '../../server/src/modules/users/bootstrap.js';
export { hashPassword } from '../../server/src/modules/users/password.js';
export { testConfig } from '../../server/src/testing/test-app.js';
