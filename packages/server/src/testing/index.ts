// Test helpers for other packages (mock-server, the SDK's and CLI's tests): `@switchboard/server/testing`, kept
// off the package's main entry so that nothing in production imports them by accident.
export { testConfig } from './test-app.js';
export { openTestDb, testDialects, type TestDb } from './test-db.js';
export { freePort, startServerProcess, type ServerProcess } from './server-process.js';
export { buildNewApiDatabase, type NewApiDatabase } from './newapi-fixture.js';
export { RELAY_ENV_DEFAULTS, type RelayEnv } from '../config-relay.js';
