import { defineCommand } from '../../core/command.js';
import { CliError, ExitCode, usageError } from '../../core/errors.js';

export default defineCommand<{ dsn?: string; sqlitePath?: string }>({
  path: 'doctor',
  summary:
    'Say what a database is and what the server’s upgrade of a new-api database will change (read-only)',
  description:
    'Reads the database directly, as the server would read it (SQL_DSN, SQLITE_PATH and DATA_DIR unless the flags ' +
    'say otherwise), and changes nothing: SQLite is opened read-only. For a new-api 0.4.8 database it lists each ' +
    'table with its rows, the columns added and dropped, and what changes form (channel keys encrypted, access ' +
    'tokens hashed, deletion times, values cut to width). Run it before starting the server with --migrate.',
  options: [
    {
      flags: '--dsn <dsn>',
      description: 'SQL_DSN as the server reads it: postgres://…, a MySQL DSN, mysql://…, local',
    },
    {
      flags: '--sqlite-path <file>',
      description: 'the SQLite file (SQLITE_PATH); the default is DATA_DIR/switchboard.db',
    },
  ],
  output: true,
  examples: [
    "swb doctor --dsn 'oneapi:secret@tcp(db:3306)/oneapi'  # a new-api MySQL database",
    'swb doctor --dsn local --sqlite-path /data/one-api.db',
    'swb doctor --json',
  ],
  async run(opts, ctx) {
    const { databaseTarget, doctorReport, ConfigError } = await import('@switchboard/server/doctor');
    const env = ctx.io.env;
    let target;
    try {
      target = databaseTarget(
        { SQL_DSN: opts.dsn ?? env['SQL_DSN'], SQLITE_PATH: opts.sqlitePath ?? env['SQLITE_PATH'] },
        env['DATA_DIR'] ?? 'data',
      );
    } catch (e) {
      if (e instanceof ConfigError) throw usageError(e.message);
      throw e;
    }
    let report;
    try {
      report = await doctorReport(target);
    } catch (e) {
      throw new CliError(
        `cannot read ${target.dialect === 'sqlite' ? target.url : 'the database'}: ${(e as Error).message}`,
        ExitCode.Network,
      );
    }
    if (ctx.out.format === 'json' || ctx.out.format === 'yaml') return ctx.out.value(report);
    ctx.out.note(`${report.database}: ${report.summary}.`);
    if (report.tables.length > 0) {
      await ctx.out.list(report.tables, [
        { key: 'table' },
        { key: 'rows' },
        { key: 'added', show: (t) => t.added.join(', ') },
        { key: 'dropped', show: (t) => t.dropped.join(', ') },
        { key: 'changes', show: (t) => t.changes.join('; ') },
      ]);
    }
    if (report.created.length > 0) ctx.out.note(`Created empty: ${report.created.join(', ')}.`);
    if (report.untouched.length > 0) ctx.out.note(`Left as they are: ${report.untouched.join(', ')}.`);
  },
});
