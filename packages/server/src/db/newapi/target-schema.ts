/**
 * The columns of Switchboard's tables that a new-api database also has, as the migrations create them (a test
 * checks this against the migrated schema on every dialect). The adoption copies each from new-api's column of
 * the same name, filling what is missing or NULL with the default and cutting text to the width.
 */
export interface TargetColumn {
  name: string;
  kind: 'id' | 'int' | 'bool' | 'float' | 'text' | 'nullable';
  /** What NULL or a missing source column becomes; none for `id`, `nullable` and required columns. */
  def?: number | boolean | string;
  /** varchar width; values are cut to it on PostgreSQL and MySQL, which enforce it. */
  width?: number;
  /** new-api's name of the column, when GORM spells it otherwise. */
  from?: string;
}

const id = (): TargetColumn => ({ name: 'id', kind: 'id' });
const int = (name: string, def = 0): TargetColumn => ({ name, kind: 'int', def });
const bool = (name: string, def: boolean): TargetColumn => ({ name, kind: 'bool', def });
const float = (name: string): TargetColumn => ({ name, kind: 'float', def: 0 });
const str = (name: string, width = 255, def = ''): TargetColumn => ({ name, kind: 'text', def, width });
const text = (name: string): TargetColumn => ({ name, kind: 'text', def: '' });
/** NOT NULL without a default: new-api always has it. */
const required = (name: string, kind: 'int' | 'text', width?: number): TargetColumn => ({
  name,
  kind,
  width,
});
const nullable = (name: string, width?: number): TargetColumn => ({ name, kind: 'nullable', width });
const ints = (...names: string[]) => names.map((n) => int(n));
const strs = (width: number, ...names: string[]) => names.map((n) => str(n, width));
const texts = (...names: string[]) => names.map(text);

/** Adopted tables in copy order, each with its columns. */
export const TARGET_TABLES: Record<string, TargetColumn[]> = {
  users: [
    id(),
    required('username', 'text', 64),
    required('password', 'text', 255),
    str('display_name', 64),
    int('role', 1),
    int('status', 1),
    ...strs(128, 'email', 'github_id', 'wechat_id', 'telegram_id', 'linux_do_id'),
    nullable('access_token', 64),
    ...ints('quota', 'used_quota', 'request_count'),
    str('group', 64, 'default'),
    nullable('aff_code', 32),
    ...ints('aff_count', 'aff_quota', 'aff_history', 'inviter_id', 'created_time'),
    text('setting'),
    nullable('deleted_at'),
    // Budgets (issue 28): new-api has none, so adopted users start without one.
    str('period', 16),
    ...ints('period_quota', 'period_requests'),
  ],
  tokens: [
    id(),
    required('user_id', 'int'),
    required('key', 'text', 48),
    int('status', 1),
    str('name'),
    ...ints('created_time', 'accessed_time', 'remain_quota', 'used_quota'),
    int('expired_time', -1),
    bool('unlimited_quota', false),
    bool('model_limits_enabled', false),
    str('model_limits', 1024),
    text('allow_ips'),
    str('group', 64),
    nullable('deleted_at'),
    str('period', 16),
    ...ints('period_quota', 'period_requests', 'max_concurrency', 'rpm_limit', 'tpm_limit'),
  ],
  channels: [
    id(),
    int('type'),
    text('key'),
    // GORM names the field OpenAIOrganization `open_ai_organization`.
    { ...str('openai_organization'), from: 'open_ai_organization' },
    ...strs(255, 'test_model', 'name', 'base_url', 'other', 'tag'),
    int('status', 1),
    ...ints('weight', 'created_time', 'test_time', 'response_time', 'balance_updated_time', 'used_quota'),
    int('priority'),
    float('balance'),
    ...texts('models', 'group', 'model_mapping', 'other_info', 'setting', 'param_override'),
    str('status_code_mapping', 1024),
    int('auto_ban', 1),
  ],
  abilities: [
    required('group', 'text', 64),
    required('model', 'text', 255),
    required('channel_id', 'int'),
    bool('enabled', true),
    ...ints('priority', 'weight'),
    str('tag'),
  ],
  options: [required('key', 'text', 191), nullable('value')],
  redemptions: [
    id(),
    int('user_id'),
    required('key', 'text', 32),
    int('status', 1),
    str('name'),
    ...ints('quota', 'created_time', 'redeemed_time', 'used_user_id'),
    nullable('deleted_at'),
  ],
  logs: [
    id(),
    ...ints('user_id', 'created_at', 'quota', 'channel_id', 'token_id', 'type'),
    ...ints('prompt_tokens', 'completion_tokens', 'use_time'),
    text('content'),
    ...strs(255, 'username', 'token_name', 'model_name'),
    str('group', 64),
    bool('is_stream', false),
    text('other'),
  ],
  midjourneys: [
    id(),
    ...ints('code', 'user_id', 'submit_time', 'start_time', 'finish_time', 'channel_id', 'quota'),
    ...strs(64, 'action', 'mj_id', 'state', 'status', 'progress'),
    ...texts('prompt', 'prompt_en', 'description', 'image_url', 'fail_reason', 'buttons', 'properties'),
    int('token_id'),
  ],
  tasks: [
    id(),
    ...ints('created_at', 'updated_at', 'user_id', 'channel_id', 'quota'),
    ...ints('submit_time', 'start_time', 'finish_time'),
    ...strs(191, 'task_id', 'platform', 'action', 'status', 'progress'),
    ...texts('fail_reason', 'properties', 'data'),
    int('token_id'),
  ],
  top_ups: [
    id(),
    ...ints('user_id', 'amount', 'create_time'),
    float('money'),
    str('trade_no'),
    str('status', 32),
  ],
  quota_data: [
    id(),
    ...ints('user_id', 'created_at', 'token_used', 'count', 'quota'),
    str('username', 64),
    str('model_name'),
  ],
};

/** Switchboard's tables new-api has no counterpart of: created empty. */
export const NEW_TABLES = [
  'sessions',
  'visitor_sessions',
  'ledger_marks',
  // The nodes' shared state (issue 24): empty until a node starts.
  'balance_leases',
  'cluster_events',
  'job_leases',
  'notify_counts',
  'verification_codes',
  // The audit trail (issue 27) starts with the adoption.
  'audit_logs',
  // Budgets' spend, slices and alerts sent (issue 28).
  'budget_usage',
  'budget_leases',
  'budget_alerts',
] as const;

/** Where an adopted table waits while Switchboard's table of its name is created and filled. */
export const parked = (table: string) => `newapi_${table}`;

/** The adoption's own bookkeeping (MySQL resumes from it after a crash); dropped when done. */
export const LEDGER_TABLE = 'newapi_adoption';
