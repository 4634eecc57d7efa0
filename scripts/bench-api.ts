// `npm run bench:api`: fills SQLite with 1,000,000 logs and measures the management API's heaviest reads.
// A benchmark, not a test: it prints a table and writes JSON under bench/results/.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.js';
import { createDb } from '../packages/server/src/db/database.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { bootstrapRoot } from '../packages/server/src/modules/users/bootstrap.js';
import { testConfig } from '../packages/server/src/testing/test-app.js';

const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const MODELS = [
  'gpt-4o',
  'gpt-4o-mini',
  'claude-3-5-sonnet',
  'gemini-1.5-pro',
  'deepseek-chat',
  'o1',
  'text-embedding-3-small',
];
const USERS = Array.from({ length: 50 }, (_, i) => `user${i}`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'swb-bench-'));
  const db = await createDb({ dialect: 'sqlite', url: join(dir, 'bench.db') });
  await migrateToLatest(db);
  const now = Math.floor(Date.now() / 1000);
  let seed = 42;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const t0 = performance.now();
  const BATCH = 500;
  for (let start = 0; start < ROWS; start += 50_000) {
    await db.transaction().execute(async (trx) => {
      for (let i = start; i < Math.min(ROWS, start + 50_000); i += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, ROWS - i) }, () => {
          const user = Math.floor(rand() * USERS.length);
          return {
            user_id: user + 2,
            username: USERS[user]!,
            created_at: now - Math.floor(rand() * 30 * 86400),
            type: rand() < 0.9 ? 2 : 1 + Math.floor(rand() * 4),
            model_name: MODELS[Math.floor(rand() * MODELS.length)]!,
            token_name: `token-${user}`,
            quota: Math.floor(rand() * 5000),
            prompt_tokens: Math.floor(rand() * 2000),
            completion_tokens: Math.floor(rand() * 1000),
            use_time: Math.floor(rand() * 20),
            channel_id: 1 + Math.floor(rand() * 10),
            group: 'default',
            content: '模型倍率 1.00，补全倍率 1.00，分组倍率 1.00',
            other: '{"model_ratio":1,"group_ratio":1,"completion_ratio":1,"frt":350}',
          };
        });
        await trx.insertInto('logs').values(rows).execute();
      }
    });
  }
  await sql`analyze`.execute(db);
  const fillS = (performance.now() - t0) / 1000;
  const { app, ctx } = await buildApp({ db, config: testConfig() });
  await bootstrapRoot(ctx);
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: 'root', password: '123456' },
  });
  const cookie = login.cookies.find((c) => c.name === 'session')!;
  const headers = { cookie: `session=${cookie.value}`, 'new-api-user': '1' };
  const from = now - 7 * 86400;
  const cases: Record<string, () => string> = {
    'log page (model + 7 days, type 2)': () =>
      `/api/log/?p=${1 + Math.floor(rand() * 5)}&page_size=10&type=2&model_name=${MODELS[Math.floor(rand() * MODELS.length)]}&start_timestamp=${from}&end_timestamp=${now}`,
    'log page (username + 7 days)': () =>
      `/api/log/?p=1&page_size=10&username=${USERS[Math.floor(rand() * USERS.length)]}&start_timestamp=${from}&end_timestamp=${now}`,
    'log page (no filter)': () => `/api/log/?p=1&page_size=10`,
    'log stat (model + 7 days)': () =>
      `/api/log/stat?type=2&model_name=${MODELS[Math.floor(rand() * MODELS.length)]}&start_timestamp=${from}&end_timestamp=${now}`,
    'log stat (username + 7 days)': () =>
      `/api/log/stat?type=2&username=${USERS[Math.floor(rand() * USERS.length)]}&start_timestamp=${from}&end_timestamp=${now}`,
  };
  const results: Record<string, { p50: number; p99: number }> = {};
  for (const [name, url] of Object.entries(cases)) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      const res = await app.inject({ method: 'GET', url: url(), headers });
      if (res.statusCode !== 200 || !res.json().success)
        throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    results[name] = { p50: +percentile(times, 50).toFixed(2), p99: +percentile(times, 99).toFixed(2) };
  }
  console.log(
    `filled ${ROWS.toLocaleString()} logs in ${fillS.toFixed(1)} s; ${RUNS} requests per case (in-process inject)`,
  );
  console.table(results);
  const out = join('bench/results', `api-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify({ rows: ROWS, runs: RUNS, fillSeconds: fillS, results }, null, 2));
  console.log(`wrote ${out}`);
  await app.close();
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
}

void main();
