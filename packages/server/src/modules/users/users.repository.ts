import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import { forUpdate } from '../../db/dialect.js';
import { insertReturningId } from '../../db/insert-id.js';
import { escapeLike, likeEscaped, pageOf, type PageWindow } from '../../db/query-helpers.js';
import type { UsersTable } from '../../db/tables.js';

export type UserRow = Selectable<UsersTable>;

/**
 * A user by id; soft-deleted rows only when `withDeleted` (admin views list them too). `lock` (inside a
 * transaction) holds the row until it ends, so what was read is what gets changed.
 */
export async function findUser(
  db: Db,
  id: number,
  withDeleted = false,
  lock = false,
): Promise<UserRow | undefined> {
  let query = db.selectFrom('users').selectAll().where('id', '=', id);
  if (!withDeleted) query = query.where('deleted_at', 'is', null);
  return (lock ? forUpdate(db, query) : query).executeTakeFirst();
}

/** Soft-deleted users keep their name, as in new-api, so a deleted account cannot be impersonated. */
export async function usernameTaken(db: Db, username: string, exceptId = 0): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', username)
    .where('id', '!=', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findUserIdByAffCode(db: Db, affCode: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('aff_code', '=', affCode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.id;
}

export async function affCodeTaken(db: Db, affCode: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('aff_code', '=', affCode).executeTakeFirst();
  return row !== undefined;
}

export const insertUser = (db: Db, values: Insertable<UsersTable>): Promise<number> =>
  insertReturningId(db, 'users', values);

export interface UserFilter {
  keyword?: string;
  group?: string;
}

function filtered(db: Db, filter: UserFilter) {
  let query = db.selectFrom('users');
  const keyword = filter.keyword ?? '';
  if (keyword !== '') {
    const like = `%${escapeLike(keyword)}%`;
    query = query.where((eb) => {
      const text = [
        likeEscaped('username', like),
        likeEscaped('email', like),
        likeEscaped('display_name', like),
      ];
      return eb.or(/^\d+$/.test(keyword) ? [eb('id', '=', Number(keyword)), ...text] : text);
    });
  }
  if (filter.group) query = query.where('group', '=', filter.group);
  return query;
}

/** One page of users, newest first, soft-deleted ones included (the console shows them as deleted). */
export async function listUsers(
  db: Db,
  filter: UserFilter,
  page: PageWindow,
): Promise<{ rows: UserRow[]; total: number }> {
  return pageOf(filtered(db, filter).selectAll().orderBy('id', 'desc'), page);
}

/** Distinct enabled models of the given groups, read straight from `abilities`. */
export async function enabledModelsOfGroups(db: Db, groups: string[]): Promise<string[]> {
  if (groups.length === 0) return [];
  const rows = await db
    .selectFrom('abilities')
    .select('model')
    .distinct()
    .where('group', 'in', groups)
    .where('enabled', '=', 1)
    .orderBy('model')
    .execute();
  return rows.map((r) => r.model);
}

/**
 * Moves `quota` from invitation earnings into the balance in one conditional statement, so concurrent
 * transfers can never overdraw `aff_quota`. False when the earnings do not cover it.
 */
export async function transferAffQuota(db: Db, userId: number, quota: number): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ aff_quota: eb('aff_quota', '-', quota), quota: eb('quota', '+', quota) }))
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .where('aff_quota', '>=', quota)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Credits an inviter for one new invitee: count, pending earnings and all-time earnings. */
export async function rewardInviter(db: Db, inviterId: number, quota: number): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      aff_count: eb('aff_count', '+', 1),
      aff_quota: eb('aff_quota', '+', quota),
      aff_history: eb('aff_history', '+', quota),
    }))
    .where('id', '=', inviterId)
    .execute();
}
