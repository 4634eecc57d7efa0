/**
 * The one seam between mock-server and the server: everything it uses comes through the package entry and its
 * `/testing` subpath.
 */
export { buildApp } from '@switchboard/server';
export type { AppContext } from '@switchboard/server';
export type { Db } from '@switchboard/server';
export { createDb } from '@switchboard/server';
export { migrateToLatest } from '@switchboard/server';
export type { Database } from '@switchboard/server';
export { insertReturningId } from '@switchboard/server';
export { SecretBox } from '@switchboard/server';
export { rebuildAbilities } from '@switchboard/server';
export { bootstrapRoot } from '@switchboard/server';
export { hashPassword } from '@switchboard/server';
export { openTestDb, testConfig, testDialects, type TestDb } from '@switchboard/server/testing';
export { freePort, startServerProcess, type ServerProcess } from '@switchboard/server/testing';
export { publicOnlyAgent, webhookDispatcher } from '@switchboard/server';
export { consoleFeatures, createConsoleRenderer, registerWebConsole, ssrEntryOf } from '@switchboard/server';
export type { Config, ProviderUrls } from '@switchboard/server';
