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
  // Generated inside SQLite: a million round trips through the driver would measure the driver, not the schema.
  const modelCase = MODELS.map((m, i) => `when ${i} then '${m}'`).join(' ');
  await sql`insert into logs (user_id, username, created_at, type, model_name, token_name, quota, prompt_tokens,
      completion_tokens, use_time, channel_id, "group", content, other)
    with recursive c(x) as (select 1 union all select x + 1 from c where x < ${ROWS})
    select (x * 7919) % ${USERS.length} + 2, 'user' || ((x * 7919) % ${USERS.length}),
      ${now} - (x * 2654435761) % ${30 * 86400},
      case when (x * 31) % 10 < 9 then 2 else 1 + (x * 17) % 4 end,
      case (x * 13) % ${MODELS.length} ${sql.raw(modelCase)} end,
      'token-' || ((x * 7919) % ${USERS.length}), (x * 37) % 5000, (x * 41) % 2000, (x * 43) % 1000, (x * 3) % 20,
      1 + x % 10, 'default', '模型倍率 1.00，补全倍率 1.00，分组倍率 1.00', '{"model_ratio":1,"frt":350}'
    from c`.execute(db);
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
    'log page (7 days, type 2)': () =>
      `/api/log/?p=${1 + Math.floor(rand() * 5)}&page_size=10&type=2&start_timestamp=${from}&end_timestamp=${now}`,
    'log stat (7 days, type 2)': () => `/api/log/stat?type=2&start_timestamp=${from}&end_timestamp=${now}`,
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
