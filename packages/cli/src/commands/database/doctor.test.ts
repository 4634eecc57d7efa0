import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { buildNewApiDatabase, testDialects, type NewApiDatabase } from '@switchboard/server/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../../../test/helpers/run-cli.js';

const fileHash = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe.each(testDialects())(
  'swb doctor on a new-api 0.4.8 database on %s',
  { timeout: 60_000 },
  (dialect) => {
    let f: NewApiDatabase | undefined;
    afterEach(async () => {
      await f?.close();
      f = undefined;
    });

    it('reports what the upgrade will change, and changes nothing', async () => {
      f = await buildNewApiDatabase(dialect, 'http://127.0.0.1:9');
      const before = f.file ? fileHash(f.file) : undefined;
      const args = [
        'doctor',
        '--dsn',
        f.env.SQL_DSN!,
        ...(f.env.SQLITE_PATH ? ['--sqlite-path', f.env.SQLITE_PATH] : []),
      ];
      const r = await runCli([...args, '--json'], { env: {} });
      expect(r.code).toBe(0);
      const report = JSON.parse(r.stdout);
      expect(report).toMatchObject({
        dialect,
        state: 'newapi',
        created: [
          'sessions',
          'visitor_sessions',
          'ledger_marks',
          'balance_leases',
          'cluster_events',
          'job_leases',
          'notify_counts',
          'verification_codes',
          'audit_logs',
          'budget_usage',
          'budget_leases',
          'budget_alerts',
        ],
      });
      const table = (name: string) => report.tables.find((t: { table: string }) => t.table === name);
      for (const [name, rows] of Object.entries(f.tables)) expect(table(name).rows, name).toBe(rows.length);
      expect(table('users').added).toEqual(['created_time', 'period', 'period_quota', 'period_requests']);
      expect(table('users').changes).toEqual([
        '200 access tokens stored as SHA-256 (they keep working)',
        'deleted_at from a date-time to Unix seconds (40 soft-deleted rows)',
      ]);
      expect(table('channels').changes).toContain('20 channel keys encrypted with CRYPTO_SECRET');
      expect(table('channels').changes).toContain('open_ai_organization is read as openai_organization');
      expect(table('logs').dropped).toEqual(['channel_name']);

      const text = await runCli(args, { env: {}, tty: true });
      expect(text.stderr).toContain('a new-api database: the server upgrades it in place');
      expect(text.stdout).toMatch(/channels\s+20\s+param_override/);
      if (f.file) expect(fileHash(f.file)).toBe(before);
    });
  },
);

describe('swb doctor elsewhere', () => {
  it('says a missing SQLite file is fresh, and refuses a DSN it cannot read', async () => {
    const fresh = await runCli(['doctor', '--sqlite-path', '/nonexistent/switchboard.db', '--json'], {
      env: {},
    });
    expect(JSON.parse(fresh.stdout)).toMatchObject({ state: 'fresh', tables: [] });
    const bad = await runCli(['doctor', '--dsn', 'u:secret@tcp(db:3306'], { env: {} });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('missing the slash');
    expect(bad.stderr).not.toContain('secret');
  });
});
