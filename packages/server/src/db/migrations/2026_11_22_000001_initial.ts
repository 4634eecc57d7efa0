import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not follow the live types */
type Table = CreateTableBuilder<any, any>;

function withId(db: Kysely<any>, table: Table): Table {
  return dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

const text = (t: Table, name: string) => t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
const str = (t: Table, name: string, len = 255) =>
  t.addColumn(name, sql.raw(`varchar(${len})`), (c) => c.notNull().defaultTo(''));
const int = (t: Table, name: string, def = 0) =>
  t.addColumn(name, 'integer', (c) => c.notNull().defaultTo(def));
const big = (t: Table, name: string, def = 0) =>
  t.addColumn(name, 'bigint', (c) => c.notNull().defaultTo(def));
const flt = (t: Table, name: string) =>
  t.addColumn(name, 'double precision', (c) => c.notNull().defaultTo(0));
const nullableBig = (t: Table, name: string) => t.addColumn(name, 'bigint');

export async function up(db: Kysely<any>): Promise<void> {
  let users = withId(db, db.schema.createTable('users'));
  users = str(users, 'username', 64);
  users = str(users, 'password');
  users = str(users, 'display_name', 64);
  users = int(users, 'role', 1);
  users = int(users, 'status', 1);
  for (const c of ['email', 'github_id', 'wechat_id', 'telegram_id', 'linux_do_id'])
    users = str(users, c, 128);
  users = users.addColumn('access_token', sql.raw('varchar(64)'));
  for (const c of ['quota', 'used_quota']) users = big(users, c);
  users = int(users, 'request_count');
  users = users.addColumn('group', sql.raw('varchar(64)'), (c) => c.notNull().defaultTo('default'));
  users = users.addColumn('aff_code', sql.raw('varchar(32)'));
  users = int(users, 'aff_count');
  for (const c of ['aff_quota', 'aff_history', 'inviter_id', 'created_time']) users = big(users, c);
  users = text(users, 'setting');
  users = nullableBig(users, 'deleted_at');
  await users.execute();
  await db.schema.createIndex('idx_users_username').unique().on('users').column('username').execute();
  await db.schema.createIndex('idx_users_access_token').unique().on('users').column('access_token').execute();
  await db.schema.createIndex('idx_users_aff_code').unique().on('users').column('aff_code').execute();
  for (const c of [
    'email',
    'display_name',
    'inviter_id',
    'github_id',
    'wechat_id',
    'telegram_id',
    'linux_do_id',
  ]) {
    await db.schema.createIndex(`idx_users_${c}`).on('users').column(c).execute();
  }

  let sessions = db.schema
    .createTable('sessions')
    .addColumn('id', sql.raw('varchar(64)'), (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull());
  sessions = big(sessions, 'created_at');
  sessions = big(sessions, 'expires_at');
  sessions = str(sessions, 'ip', 64);
  sessions = str(sessions, 'user_agent', 255);
  await sessions.execute();
  await db.schema.createIndex('idx_sessions_user_id').on('sessions').column('user_id').execute();

  let channels = withId(db, db.schema.createTable('channels'));
  channels = int(channels, 'type');
  channels = text(channels, 'key');
  for (const c of ['openai_organization', 'test_model', 'name', 'base_url', 'other', 'tag']) {
    channels = str(channels, c);
  }
  channels = int(channels, 'status', 1);
  channels = int(channels, 'weight');
  for (const c of [
    'created_time',
    'test_time',
    'response_time',
    'balance_updated_time',
    'used_quota',
    'priority',
  ]) {
    channels = big(channels, c);
  }
  channels = flt(channels, 'balance');
  for (const c of ['models', 'group', 'model_mapping', 'other_info', 'setting', 'param_override']) {
    channels = text(channels, c);
  }
  channels = str(channels, 'status_code_mapping', 1024);
  channels = int(channels, 'auto_ban', 1);
  await channels.execute();
  await db.schema.createIndex('idx_channels_name').on('channels').column('name').execute();
  await db.schema.createIndex('idx_channels_tag').on('channels').column('tag').execute();

  let abilities = db.schema
    .createTable('abilities')
    .addColumn('group', sql.raw('varchar(64)'), (c) => c.notNull())
    .addColumn('model', sql.raw('varchar(255)'), (c) => c.notNull())
    .addColumn('channel_id', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(sql.lit(true)));
  abilities = big(abilities, 'priority');
  abilities = int(abilities, 'weight');
  abilities = str(abilities, 'tag');
  await abilities.addPrimaryKeyConstraint('abilities_pk', ['group', 'model', 'channel_id']).execute();
  await db.schema.createIndex('idx_abilities_channel_id').on('abilities').column('channel_id').execute();

  let tokens = withId(db, db.schema.createTable('tokens'));
  tokens = tokens.addColumn('user_id', 'integer', (c) => c.notNull());
  tokens = tokens.addColumn('key', sql.raw('varchar(48)'), (c) => c.notNull());
  tokens = int(tokens, 'status', 1);
  tokens = str(tokens, 'name');
  for (const c of ['created_time', 'accessed_time', 'remain_quota', 'used_quota']) tokens = big(tokens, c);
  tokens = big(tokens, 'expired_time', -1);
  tokens = tokens.addColumn('unlimited_quota', 'boolean', (c) => c.notNull().defaultTo(sql.lit(false)));
  tokens = tokens.addColumn('model_limits_enabled', 'boolean', (c) => c.notNull().defaultTo(sql.lit(false)));
  tokens = str(tokens, 'model_limits', 1024);
  tokens = text(tokens, 'allow_ips');
  tokens = str(tokens, 'group', 64);
  tokens = nullableBig(tokens, 'deleted_at');
  await tokens.execute();
  await db.schema.createIndex('idx_tokens_key').unique().on('tokens').column('key').execute();
  await db.schema.createIndex('idx_tokens_user_id').on('tokens').column('user_id').execute();
  await db.schema.createIndex('idx_tokens_name').on('tokens').column('name').execute();

  let redemptions = withId(db, db.schema.createTable('redemptions'));
  redemptions = int(redemptions, 'user_id');
  redemptions = redemptions.addColumn('key', sql.raw('varchar(32)'), (c) => c.notNull());
  redemptions = int(redemptions, 'status', 1);
  redemptions = str(redemptions, 'name');
  for (const c of ['quota', 'created_time', 'redeemed_time', 'used_user_id'])
    redemptions = big(redemptions, c);
  redemptions = nullableBig(redemptions, 'deleted_at');
  await redemptions.execute();
  await db.schema.createIndex('idx_redemptions_key').unique().on('redemptions').column('key').execute();
  await db.schema.createIndex('idx_redemptions_name').on('redemptions').column('name').execute();

  let logs = withId(db, db.schema.createTable('logs'));
  for (const c of ['user_id', 'created_at', 'quota', 'channel_id', 'token_id']) logs = big(logs, c);
  for (const c of ['type', 'prompt_tokens', 'completion_tokens', 'use_time']) logs = int(logs, c);
  logs = text(logs, 'content');
  for (const c of ['username', 'token_name', 'model_name', 'group'])
    logs = str(logs, c, c === 'group' ? 64 : 255);
  logs = logs.addColumn('is_stream', 'boolean', (c) => c.notNull().defaultTo(sql.lit(false)));
  logs = text(logs, 'other');
  await logs.execute();
  // Every filter is an equality on one column plus a created_at range, and the newest-first order follows
  // created_at: (column, created_at) walks in page order. The four most used also carry the stat columns, so
  // counts and sums never touch the table. Measured on 1,000,000 SQLite rows: stat by model + 7 days 80 → 3 ms,
  // stat of all consume rows in 7 days 539 → 29 ms; a channel page 140 → 2 ms with (channel_id, created_at).
  const stat = ['type', 'quota', 'prompt_tokens', 'completion_tokens'];
  const logIndexes: Record<string, string[]> = {
    idx_logs_created_at_id: ['created_at', 'id'],
    idx_logs_type_created_at: ['type', 'created_at', 'quota', 'prompt_tokens', 'completion_tokens'],
    idx_logs_user_id_created_at: ['user_id', 'created_at', ...stat],
    idx_logs_username_created_at: ['username', 'created_at', ...stat],
    idx_logs_model_name_created_at: ['model_name', 'created_at', ...stat],
    idx_logs_token_name_created_at: ['token_name', 'created_at'],
    idx_logs_channel_id_created_at: ['channel_id', 'created_at'],
    idx_logs_group_created_at: ['group', 'created_at'],
    idx_logs_token_id: ['token_id'],
  };
  for (const [name, cols] of Object.entries(logIndexes)) {
    await db.schema.createIndex(name).on('logs').columns(cols).execute();
  }

  await db.schema
    .createTable('options')
    .addColumn('key', sql.raw('varchar(191)'), (c) => c.primaryKey())
    .addColumn('value', 'text')
    .execute();

  let mj = withId(db, db.schema.createTable('midjourneys'));
  for (const c of ['code', 'user_id', 'submit_time', 'start_time', 'finish_time', 'channel_id', 'quota']) {
    mj = big(mj, c);
  }
  for (const c of ['action', 'mj_id', 'state', 'status', 'progress']) mj = str(mj, c, 64);
  for (const c of [
    'prompt',
    'prompt_en',
    'description',
    'image_url',
    'fail_reason',
    'buttons',
    'properties',
  ]) {
    mj = text(mj, c);
  }
  await mj.execute();
  await db.schema.createIndex('idx_midjourneys_mj_id').on('midjourneys').column('mj_id').execute();
  await db.schema.createIndex('idx_midjourneys_user_id').on('midjourneys').column('user_id').execute();

  let tasks = withId(db, db.schema.createTable('tasks'));
  for (const c of ['created_at', 'updated_at', 'user_id', 'channel_id', 'quota']) tasks = big(tasks, c);
  for (const c of ['submit_time', 'start_time', 'finish_time']) tasks = big(tasks, c);
  for (const c of ['task_id', 'platform', 'action', 'status', 'progress']) tasks = str(tasks, c, 191);
  for (const c of ['fail_reason', 'properties', 'data']) tasks = text(tasks, c);
  await tasks.execute();
  await db.schema.createIndex('idx_tasks_task_id').on('tasks').column('task_id').execute();
  await db.schema.createIndex('idx_tasks_user_id').on('tasks').column('user_id').execute();

  let topUps = withId(db, db.schema.createTable('top_ups'));
  for (const c of ['user_id', 'amount', 'create_time']) topUps = big(topUps, c);
  topUps = flt(topUps, 'money');
  topUps = str(topUps, 'trade_no');
  topUps = str(topUps, 'status', 32);
  await topUps.execute();
  await db.schema.createIndex('idx_top_ups_trade_no').unique().on('top_ups').column('trade_no').execute();

  let quotaData = withId(db, db.schema.createTable('quota_data'));
  for (const c of ['user_id', 'created_at', 'token_used', 'count', 'quota']) quotaData = big(quotaData, c);
  quotaData = str(quotaData, 'username', 64);
  quotaData = str(quotaData, 'model_name');
  await quotaData.execute();
  await db.schema
    .createIndex('idx_quota_data_user_model_hour')
    .unique()
    .on('quota_data')
    .columns(['user_id', 'model_name', 'created_at'])
    .execute();
  await db.schema.createIndex('idx_quota_data_created_at').on('quota_data').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'quota_data',
    'top_ups',
    'tasks',
    'midjourneys',
    'options',
    'logs',
    'redemptions',
    'tokens',
    'abilities',
    'channels',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
