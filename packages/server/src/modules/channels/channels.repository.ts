import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import { forUpdate } from '../../db/dialect.js';
import { countRows } from '../../db/query-helpers.js';
import type { ChannelsTable, Database } from '../../db/tables.js';

export type ChannelRow = Selectable<ChannelsTable>;
type Db = Kysely<Database>;
type Eb = ExpressionBuilder<Database, 'channels'>;

/** Search filters of `GET /api/channel/search`; empty strings mean "any". */
export interface ChannelFilter {
  keyword?: string;
  group?: string;
  model?: string;
}

export interface PageWindow {
  offset: number;
  limit: number;
  idSort: boolean;
}

/**
 * The WHERE clause of a search. The keyword matches the id when numeric or the name (case-insensitive on
 * every dialect); never the key, which is encrypted. The group must be one of the channel's groups exactly,
 * read from its abilities, which are rebuilt on every save and hold the trimmed group names.
 */
function filterExpr(eb: Eb, filter: ChannelFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  const keyword = filter.keyword ?? '';
  if (keyword !== '') {
    const byName = eb(eb.fn('lower', ['name']), 'like', `%${keyword.toLowerCase()}%`);
    parts.push(/^\d+$/.test(keyword) ? eb.or([eb('id', '=', Number(keyword)), byName]) : byName);
  }
  if (filter.group) {
    const inGroup = eb
      .selectFrom('abilities')
      .select('abilities.channel_id')
      .where('abilities.group', '=', filter.group);
    parts.push(eb('id', 'in', inGroup));
  }
  if (filter.model) parts.push(eb('models', 'like', `%${filter.model}%`));
  return eb.and(parts);
}

/** One channel; `lock` (inside a transaction) holds its row until the transaction ends. */
export async function findChannel(db: Db, id: number, lock = false): Promise<ChannelRow | undefined> {
  const query = db.selectFrom('channels').selectAll().where('id', '=', id);
  return (lock ? forUpdate(db, query) : query).executeTakeFirst();
}

export async function findChannelsByIds(db: Db, ids: readonly number[]): Promise<ChannelRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('channels').selectAll().where('id', 'in', ids).execute();
}

export async function findChannelsByTag(db: Db, tag: string): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().where('tag', '=', tag).orderBy('id').execute();
}

export async function listAllChannels(db: Db): Promise<ChannelRow[]> {
  return db.selectFrom('channels').selectAll().orderBy('id').execute();
}

/** One page of channels: priority desc then id desc, or id desc with `idSort`. */
export async function pageChannels(db: Db, filter: ChannelFilter, win: PageWindow): Promise<ChannelRow[]> {
  let query = db
    .selectFrom('channels')
    .selectAll()
    .where((eb) => filterExpr(eb, filter));
  if (!win.idSort) query = query.orderBy('priority', 'desc');
  return query.orderBy('id', 'desc').offset(win.offset).limit(win.limit).execute();
}

export const countChannels = (db: Db, filter: ChannelFilter): Promise<number> =>
  countRows(db.selectFrom('channels').where((eb) => filterExpr(eb, filter)));

/** A row of a tag-mode page: a tag, or an untagged channel standing alone (`solo_id`). */
export interface TagRow {
  tag: string;
  solo_id: number;
}

// Untagged channels group by their own id; tagged ones share solo_id 0. Kept literal (no bound
// parameters) so PostgreSQL sees the same expression in SELECT and GROUP BY.
const soloId = sql<number>`case when ${sql.ref('tag')} = '' then ${sql.ref('id')} else 0 end`;

function tagGroups(db: Db, filter: ChannelFilter) {
  return db
    .selectFrom('channels')
    .where((eb) => filterExpr(eb, filter))
    .groupBy(['tag', soloId]);
}

/** One page of tag rows, ordered by their best priority (or newest id) like channel pages. */
export async function pageTagRows(db: Db, filter: ChannelFilter, win: PageWindow): Promise<TagRow[]> {
  let query = tagGroups(db, filter).select((eb) => [
    'tag',
    soloId.as('solo_id'),
    eb.fn.max('priority').as('top_priority'),
    eb.fn.max('id').as('top_id'),
  ]);
  if (!win.idSort) query = query.orderBy('top_priority', 'desc');
  const rows = await query.orderBy('top_id', 'desc').offset(win.offset).limit(win.limit).execute();
  return rows.map((r) => ({ tag: r.tag, solo_id: Number(r.solo_id) }));
}

export async function countTagRows(db: Db, filter: ChannelFilter): Promise<number> {
  const row = await db
    .selectFrom(
      tagGroups(db, filter)
        .select(['tag', soloId.as('solo_id')])
        .as('t'),
    )
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The channels behind tag rows (matching the same filter), priority desc then id desc. */
export async function channelsOfTagRows(
  db: Db,
  filter: ChannelFilter,
  rows: readonly TagRow[],
): Promise<ChannelRow[]> {
  const tags = rows.filter((r) => r.tag !== '').map((r) => r.tag);
  const ids = rows.filter((r) => r.tag === '').map((r) => r.solo_id);
  if (tags.length === 0 && ids.length === 0) return [];
  return db
    .selectFrom('channels')
    .selectAll()
    .where((eb) => {
      const any: Expression<SqlBool>[] = [];
      if (tags.length > 0) any.push(eb('tag', 'in', tags));
      if (ids.length > 0) any.push(eb('id', 'in', ids));
      return eb.and([filterExpr(eb, filter), eb.or(any)]);
    })
    .orderBy('priority', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ids of channels disabled manually (2) or automatically (3). */
export async function disabledChannelIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('channels').select('id').where('status', 'in', [2, 3]).execute();
  return rows.map((r) => r.id);
}

export async function deleteChannels(db: Db, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await db.deleteFrom('channels').where('id', 'in', ids).executeTakeFirst();
  return Number(result.numDeletedRows);
}
