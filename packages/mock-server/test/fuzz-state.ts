import type { MockServer } from '../src/index.js';

type Who = 'root' | 'alice';
type Row = Record<string, unknown>;

/**
 * The rows the fuzzer must keep usable (root, alice, alice's relay token, every channel and ability): it may
 * delete, disable, demote, rename or log them out. `restore()` writes the snapshot back and logs both users in.
 */
export async function snapshotState(mock: MockServer) {
  const { root, alice } = mock.credentials.users;
  const ids = [root.id, alice.id];
  const users = await mock.db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
  const token = await mock.db
    .selectFrom('tokens')
    .selectAll()
    .where('key', '=', mock.credentials.apiKey.replace(/^sk-/, ''))
    .execute();
  const channels = await mock.db.selectFrom('channels').selectAll().execute();
  const abilities = await mock.db.selectFrom('abilities').selectAll().execute();
  const sessions: Record<Who, Record<string, string>> = { root: {}, alice: {} };

  async function restore(): Promise<void> {
    await mock.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('users').where('id', 'in', ids).execute();
      await trx.deleteFrom('users').where('username', 'in', [root.username, alice.username]).execute();
      await trx
        .insertInto('users')
        .values(users as never)
        .execute();
      await trx
        .deleteFrom('tokens')
        .where(
          'id',
          'in',
          token.map((t) => t.id),
        )
        .execute();
      if (token.length)
        await trx
          .insertInto('tokens')
          .values(token as never)
          .execute();
      await trx.deleteFrom('abilities').execute();
      await trx.deleteFrom('channels').execute();
      await trx
        .insertInto('channels')
        .values(channels as never)
        .execute();
      await trx
        .insertInto('abilities')
        .values(abilities as never)
        .execute();
    });
    mock.ctx.events.emit('tokens', []);
    mock.ctx.events.emit(
      'channels',
      channels.map((c) => (c as Row)['id'] as number),
    );
    for (const who of ['root', 'alice'] as const) {
      const user = mock.credentials.users[who];
      const res = await mock.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { username: user.username, password: user.password },
      });
      if (res.statusCode !== 200) throw new Error(`cannot log ${who} in again: ${res.body}`);
      const cookie = String(res.headers['set-cookie']).split(';')[0]!;
      sessions[who] = { cookie, 'new-api-user': String(user.id) };
    }
  }
  return { sessions, restore };
}
