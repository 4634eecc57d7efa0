import type { ColumnType, Generated } from 'kysely';

/**
 * Row types of every table. Names follow new-api's schema (reference §6) so a new-api database can be imported;
 * Switchboard only adds columns. Booleans are written as 0/1 (SQLite cannot bind JS booleans) and read back as
 * number or boolean depending on the dialect: always go through `toBool`.
 */
export type Bool = ColumnType<boolean | number, number | undefined, number>;
type Id = Generated<number>;
type Num = ColumnType<number, number | undefined, number>;
type Str = ColumnType<string, string | undefined, string>;

export interface UsersTable {
  id: Id;
  username: string;
  password: string;
  display_name: Str;
  role: Num;
  status: Num;
  email: Str;
  github_id: Str;
  wechat_id: Str;
  telegram_id: Str;
  linux_do_id: Str;
  /** SHA-256 of the access token; the token itself is shown once, when generated. */
  access_token: ColumnType<string | null, string | null | undefined, string | null>;
  quota: Num;
  used_quota: Num;
  request_count: Num;
  group: Str;
  aff_code: ColumnType<string | null, string | null | undefined, string | null>;
  aff_count: Num;
  aff_quota: Num;
  aff_history: Num;
  inviter_id: Num;
  setting: Str;
  created_time: Num;
  /** '' (none), day, week, month or rolling_day (relay/billing/budgets.ts). */
  period: Str;
  /** Quota per period, 0 = no limit. */
  period_quota: Num;
  /** Requests per period, 0 = no limit. */
  period_requests: Num;
  /** Unix seconds of the soft delete, null while the account exists. */
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's session secret, so a leaked database does not leak live sessions. */
  id: string;
  user_id: number;
  created_at: number;
  expires_at: number;
  ip: Str;
  user_agent: Str;
  /** SHA-256 of the session's pending Telegram bind nonce, '' when none. */
  bind_nonce: Str;
  bind_nonce_expires_at: Num;
}

export interface ChannelsTable {
  id: Id;
  type: Num;
  /** Encrypted with CRYPTO_SECRET (`enc:v1:` prefix); never returned by list, search or get. */
  key: string;
  openai_organization: Str;
  test_model: Str;
  status: Num;
  name: Str;
  weight: Num;
  created_time: Num;
  test_time: Num;
  response_time: Num;
  base_url: Str;
  other: Str;
  balance: Num;
  balance_updated_time: Num;
  models: Str;
  group: Str;
  used_quota: Num;
  model_mapping: Str;
  status_code_mapping: Str;
  priority: Num;
  auto_ban: Num;
  other_info: Str;
  tag: Str;
  setting: Str;
  param_override: Str;
}

export interface AbilitiesTable {
  group: string;
  model: string;
  channel_id: number;
  enabled: Bool;
  priority: Num;
  weight: Num;
  tag: Str;
}

export interface TokensTable {
  id: Id;
  user_id: number;
  key: string;
  status: Num;
  name: Str;
  created_time: Num;
  accessed_time: Num;
  expired_time: Num;
  remain_quota: Num;
  unlimited_quota: Bool;
  model_limits_enabled: Bool;
  model_limits: Str;
  allow_ips: Str;
  used_quota: Num;
  group: Str;
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
  period: Str;
  period_quota: Num;
  period_requests: Num;
  /** Requests in flight at once, 0 = no limit. */
  max_concurrency: Num;
  /** Requests per minute, 0 = no limit. */
  rpm_limit: Num;
  /** Prompt and completion tokens per minute, 0 = no limit. */
  tpm_limit: Num;
}

export interface RedemptionsTable {
  id: Id;
  user_id: Num;
  key: string;
  status: Num;
  name: Str;
  quota: Num;
  created_time: Num;
  redeemed_time: Num;
  used_user_id: Num;
  deleted_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface LogsTable {
  id: Id;
  user_id: Num;
  created_at: Num;
  type: Num;
  content: Str;
  username: Str;
  token_name: Str;
  model_name: Str;
  quota: Num;
  prompt_tokens: Num;
  completion_tokens: Num;
  use_time: Num;
  is_stream: Bool;
  channel_id: Num;
  token_id: Num;
  group: Str;
  other: Str;
}

export interface OptionsTable {
  key: string;
  value: string;
}

export interface MidjourneysTable {
  id: Id;
  code: Num;
  user_id: Num;
  action: Str;
  mj_id: Str;
  prompt: Str;
  prompt_en: Str;
  description: Str;
  state: Str;
  submit_time: Num;
  start_time: Num;
  finish_time: Num;
  image_url: Str;
  status: Str;
  progress: Str;
  fail_reason: Str;
  channel_id: Num;
  quota: Num;
  buttons: Str;
  properties: Str;
  /** The token charged (Switchboard's own column; 0 when unknown). */
  token_id: Num;
}

export interface TasksTable {
  id: Id;
  created_at: Num;
  updated_at: Num;
  task_id: Str;
  platform: Str;
  user_id: Num;
  channel_id: Num;
  quota: Num;
  action: Str;
  status: Str;
  fail_reason: Str;
  submit_time: Num;
  start_time: Num;
  finish_time: Num;
  progress: Str;
  properties: Str;
  data: Str;
  /** The token charged (Switchboard's own column; 0 when unknown). */
  token_id: Num;
}

export interface TopUpsTable {
  id: Id;
  user_id: Num;
  amount: Num;
  money: Num;
  trade_no: Str;
  create_time: Num;
  status: Str;
}

export interface QuotaDataTable {
  id: Id;
  user_id: Num;
  username: Str;
  model_name: Str;
  created_at: Num;
  token_used: Num;
  count: Num;
  quota: Num;
}

/** How far a node's settlement journal has reached the database. */
export interface LedgerMarksTable {
  journal: string;
  seq: Num;
}

/** A browser's pre-login state (new-api's cookie session keys `oauth_state`, `aff`, `turnstile`). */
export interface VisitorSessionsTable {
  /** SHA-256 of the visitor cookie's secret. */
  id: string;
  /** The pending OAuth state, '' once used. */
  oauth_state: Str;
  oauth_state_expires_at: Num;
  /** The invitation code given with the last state request. */
  aff: Str;
  /** Unix seconds this browser passed Turnstile, 0 if never. */
  turnstile_at: Num;
  expires_at: number;
}

/** The change feed every node's caches follow (cluster/change-feed.ts). */
export interface ClusterEventsTable {
  id: Generated<number>;
  kind: string;
  /** JSON array of ids; empty for "possibly all". */
  ids: string;
  /** The node that made the change, which has applied it already. */
  origin: string;
  created_at: number;
}

/** Who runs a periodic job until when (cluster/job-lease.ts). */
export interface JobLeasesTable {
  name: string;
  holder: string;
  expires_at: number;
}

/** Mailed codes and reset links (modules/email/verification-codes.ts). */
export interface VerificationCodesTable {
  /** SHA-256 of purpose and address. */
  id: string;
  /** '' once used or burned; the row stays for the resend limit. */
  code: string;
  issued_at: number;
  wrong_tries: Num;
}

/** Notifications sent per user, kind and hour (notify/throttle.ts). */
export interface NotifyCountsTable {
  id: string;
  count: number;
  since: number;
}

/** A node's slice of a user's (`u`) or limited token's (`t`) balance (relay/billing/leases.ts). */
export interface BalanceLeasesTable {
  kind: 'u' | 't';
  owner_id: number;
  node: string;
  amount: number;
  expires_at: number;
}

/** One management write (issue 27); rows are only ever inserted. */
export interface AuditLogsTable {
  id: Id;
  created_at: number;
  actor_id: number;
  actor_name: Str;
  ip: Str;
  /** 'session' or 'access_token'. */
  via: string;
  /** A prefix of the session's or access token's SHA-256: enough to tell them apart, useless to sign in. */
  credential: Str;
  action: string;
  target_type: string;
  target_id: Str;
  /** JSON of the changed fields, secrets redacted; null for a creation (before) or deletion (after). */
  before: ColumnType<string | null, string | null | undefined, string | null>;
  after: ColumnType<string | null, string | null | undefined, string | null>;
  reverted_from: ColumnType<number | null, number | null | undefined, number | null>;
}

/** What one period of a user's (`u`) or token's (`t`) budget has spent; one row per hour for a rolling day. */
export interface BudgetUsageTable {
  kind: string;
  owner_id: number;
  period_key: string;
  used_quota: Num;
  used_requests: Num;
}

/** A node's slice of one budget in one period (relay/billing/budget-leases.ts). */
export interface BudgetLeasesTable {
  lease_key: string;
  node: string;
  amount: number;
  expires_at: number;
}

/** A spend alert sent: one row per owner, period and threshold, so that it is sent once on any number of nodes. */
export interface BudgetAlertsTable {
  kind: string;
  owner_id: number;
  period_key: string;
  threshold: number;
  created_at: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  channels: ChannelsTable;
  abilities: AbilitiesTable;
  tokens: TokensTable;
  redemptions: RedemptionsTable;
  logs: LogsTable;
  options: OptionsTable;
  midjourneys: MidjourneysTable;
  tasks: TasksTable;
  top_ups: TopUpsTable;
  quota_data: QuotaDataTable;
  ledger_marks: LedgerMarksTable;
  visitor_sessions: VisitorSessionsTable;
  cluster_events: ClusterEventsTable;
  job_leases: JobLeasesTable;
  verification_codes: VerificationCodesTable;
  notify_counts: NotifyCountsTable;
  balance_leases: BalanceLeasesTable;
  audit_logs: AuditLogsTable;
  budget_usage: BudgetUsageTable;
  budget_leases: BudgetLeasesTable;
  budget_alerts: BudgetAlertsTable;
}

/** Reads a boolean column the same way on every dialect. */
export const toBool = (value: boolean | number | null | undefined): boolean => Boolean(value);
