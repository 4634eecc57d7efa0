import type { User } from '@switchboard/sdk';
import type { UserRow } from './users.repository.js';

/**
 * A user row as the API sends it: every field of the SDK's `UserSchema`. The password is always blank, and the
 * access token too: only its SHA-256 is stored, the token itself is shown once by `GET /api/user/token`.
 * `DeletedAt` is RFC 3339 like gorm's, null while the account exists.
 */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    password: '',
    display_name: row.display_name,
    role: row.role,
    status: row.status,
    email: row.email,
    github_id: row.github_id,
    wechat_id: row.wechat_id,
    telegram_id: row.telegram_id,
    linux_do_id: row.linux_do_id,
    verification_code: '',
    access_token: '',
    quota: Number(row.quota),
    used_quota: Number(row.used_quota),
    request_count: Number(row.request_count),
    group: row.group,
    aff_code: row.aff_code ?? '',
    aff_count: Number(row.aff_count),
    aff_quota: Number(row.aff_quota),
    aff_history_quota: Number(row.aff_history),
    inviter_id: Number(row.inviter_id),
    DeletedAt: row.deleted_at === null ? null : new Date(Number(row.deleted_at) * 1000).toISOString(),
    setting: row.setting,
    // What the period has spent is filled in by modules/budgets (budgetsOf), which reads it.
    period: row.period,
    period_quota: Number(row.period_quota),
    period_requests: Number(row.period_requests),
    period_used_quota: 0,
    period_used_requests: 0,
    period_reset_time: 0,
  };
}
