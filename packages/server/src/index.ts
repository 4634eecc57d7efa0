// The server as a library: what mock-server, scripts and embedders build on. main.ts is the process entry.
export { buildApp, type AppDeps } from './app.js';
export { loadConfig, ConfigError, type Config, type ProviderUrls } from './config.js';
export type { AppContext } from './context.js';
export { createDb, dbTargetFromEnv, sqliteHandleOf, type Db, type DbTarget } from './db/database.js';
export { migrateToLatest } from './db/migrate.js';
export { insertReturningId } from './db/insert-id.js';
export type { Database } from './db/tables.js';
export { rebuildAbilities } from './modules/channels/abilities.js';
export { bootstrapRoot } from './modules/users/bootstrap.js';
export { hashPassword } from './modules/users/password.js';
export { registerWebConsole, ssrEntryOf } from './http/web-console.js';
export { createConsoleRenderer } from './http/console-ssr.js';
export { consoleFeatures } from './http/console-headers.js';
export { testConfig } from './testing/test-app.js';
export { openTestDb, testDialects, type TestDb } from './testing/test-db.js';
export { buildNewApiDatabase, type NewApiDatabase } from './testing/newapi-fixture.js';
export { webhookDispatcher } from './notify/webhook.js';
export { publicOnlyAgent, type LookupAll } from './net/public-agent.js';
