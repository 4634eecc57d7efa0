import { Role } from '@switchboard/sdk';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokenCaller } from '../../testing/access-token.js';
import { expectRefusal } from '../../testing/refusal.js';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-db.js';
import { createChannels } from '../channels/channel-test-kit.js';

const list = (t: TestApp, who: Caller, query = '') =>
  t.call({ method: 'GET', url: `/api/audit${query}`, headers: { ...who.headers, 'accept-language': 'en' } });
const revert = (t: TestApp, who: Caller, id: number) =>
  t.call({
    method: 'POST',
    url: `/api/audit/${id}/revert`,
    headers: { ...who.headers, 'accept-language': 'en' },
  });
const setOption = (t: TestApp, who: Caller, key: string, value: string) =>
  t.call({ method: 'PUT', url: '/api/option/', headers: who.headers, payload: { key, value } });
const putChannel = (t: TestApp, who: Caller, payload: object) =>
  t.call({ method: 'PUT', url: '/api/channel/', headers: who.headers, payload });
/** The newest entry about one target. */
const latest = async (t: TestApp, who: Caller, type: string, id: string | number) =>
  (await list(t, who, `?target_type=${type}&target_id=${id}&page_size=1`)).json().data.items[0];

describe('GET /api/audit', () => {
  let t: TestApp;
  let root: Caller;
  let admin: Caller;

  beforeAll(async () => {
    let clock = 1_700_000_000;
    t = await createTestApp({ now: () => clock++ });
    root = await t.root();
    admin = await t.userWithRole(Role.Admin);
  });
  afterAll(() => t.close());

  it('answers the paged object with who, when, how and what', async () => {
    expect((await setOption(t, root, 'SystemName', 'Gateway A')).json().success).toBe(true);
    const body = (await list(t, root, '?p=1&page_size=5')).json();
    expect(body).toMatchObject({ success: true, data: { page: 1, page_size: 5 } });
    expect(body.data.total).toBeGreaterThanOrEqual(1);
    expect(body.data.items[0]).toMatchObject({
      actor_id: root.id,
      actor_name: 'root',
      via: 'session',
      action: 'option.update',
      target_type: 'option',
      target_id: 'SystemName',
      before: { value: 'Switchboard' },
      after: { value: 'Gateway A' },
      reverted_from: null,
    });
    expect(body.data.items[0].ip).toBe('127.0.0.1');
    expect(body.data.items[0].credential).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.stringify(body)).not.toContain(root.headers.cookie!.slice('session='.length));
  });

  it('records an access token caller as such', async () => {
    const viaToken = await accessTokenCaller(t, root);
    expect((await setOption(t, viaToken, 'Footer', 'via token')).json().success).toBe(true);
    const entry = await latest(t, root, 'option', 'Footer');
    expect(entry).toMatchObject({ via: 'access_token', actor_id: root.id });
    expect(JSON.stringify(entry)).not.toContain(viaToken.headers.authorization!.slice('Bearer '.length));
  });

  it('filters by actor, target and time', async () => {
    const [channel] = await createChannels(t, admin, { name: 'filtered' });
    const byAdmin = (await list(t, root, `?actor_id=${admin.id}`)).json().data;
    expect(byAdmin.items.length).toBeGreaterThan(0);
    expect(byAdmin.items.every((e: { actor_id: number }) => e.actor_id === admin.id)).toBe(true);
    const byTarget = (await list(t, root, `?target_type=channel&target_id=${channel}`)).json().data;
    expect(byTarget.items).toHaveLength(1);
    expect(byTarget.total).toBe(1);
    const created = byTarget.items[0].created_at as number;
    const window = (q: string) => list(t, root, `?target_type=channel&target_id=${channel}&${q}`);
    expect((await window(`start_timestamp=${created}&end_timestamp=${created}`)).json().data.total).toBe(1);
    expect((await window(`start_timestamp=${created + 1}`)).json().data.total).toBe(0);
    expect((await window(`end_timestamp=${created - 1}`)).json().data.total).toBe(0);
  });

  it('refuses bad filters in the caller format', async () => {
    expectRefusal(await list(t, root, '?target_type=planet'));
    expectRefusal(await list(t, root, '?start_timestamp=9&end_timestamp=1'));
    expectRefusal(await list(t, root, '?actor_id=abc'));
  });

  it('is root only, and so is revert and get', async () => {
    const common = await t.userWithRole(Role.Common);
    for (const who of [admin, common]) {
      expectRefusal(await list(t, who));
      expectRefusal(await t.call({ method: 'GET', url: '/api/audit/1', headers: who.headers }));
      expectRefusal(await revert(t, who, 1));
    }
    expect((await t.call({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/audit/1', headers: root.headers })).json().success).toBe(
      true,
    );
    expectRefusal(await t.call({ method: 'GET', url: '/api/audit/999999', headers: root.headers }));
  });

  it('offers no way to edit or delete an entry', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH'] as const) {
      const res = await t.call({ method, url: '/api/audit/1', headers: root.headers, payload: {} });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.call({ method: 'DELETE', url: '/api/audit', headers: root.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('redaction', () => {
  let t: TestApp;
  let root: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    root = await t.root();
  });
  afterAll(() => t.close());

  it('never records a channel key, but records that it changed', async () => {
    const [id] = await createChannels(t, root, { key: 'sk-very-secret-original' });
    const created = await latest(t, root, 'channel', id!);
    expect(created.after.key).toBe('[redacted]');
    expect(
      (await putChannel(t, root, { id, key: 'sk-very-secret-rotated', name: 'rotated' })).json().success,
    ).toBe(true);
    const changed = await latest(t, root, 'channel', id!);
    expect(changed.action).toBe('channel.update');
    expect(changed.before).toEqual({ key: '[redacted]', name: 'main' });
    expect(changed.after).toEqual({ key: '[redacted]', key_changed: true, name: 'rotated' });
    // The same key again is no change to record.
    await putChannel(t, root, { id, key: 'sk-very-secret-rotated' });
    expect((await latest(t, root, 'channel', id!)).after).toEqual({});
    const everything = JSON.stringify(await t.ctx.db.selectFrom('audit_logs').selectAll().execute());
    expect(everything).not.toContain('very-secret');
    expect(everything).not.toContain('enc:v1:');
  });

  it('records a secret option and a password only as changed', async () => {
    expect((await setOption(t, root, 'SMTPToken', 'smtp-pass-123')).json().success).toBe(true);
    expect((await latest(t, root, 'option', 'SMTPToken')).after).toEqual({
      value: '[redacted]',
      value_changed: true,
    });
    const user = await t.userWithRole(Role.Common);
    const res = await t.call({
      method: 'PUT',
      url: '/api/user/',
      headers: root.headers,
      payload: { id: user.id, password: 'new-password-9', quota: 500, group: 'vip' },
    });
    expect(res.json().success).toBe(true);
    const entry = await latest(t, root, 'user', user.id);
    expect(entry.before).toEqual({ quota: 0, group: 'default', password: '[redacted]' });
    expect(entry.after).toEqual({ quota: 500, group: 'vip', password: '[redacted]', password_changed: true });
    const everything = JSON.stringify(await t.ctx.db.selectFrom('audit_logs').selectAll().execute());
    expect(everything).not.toContain('smtp-pass-123');
    expect(everything).not.toContain('new-password-9');
    expect(everything).not.toMatch(/\$2[aby]\$/);
  });
});

describe('revert', () => {
  let t: TestApp;
  let root: Caller;

  beforeAll(async () => {
    t = await createTestApp();
    root = await t.root();
  });
  afterAll(() => t.close());

  it('restores an option, as an audited change of its own, once', async () => {
    await setOption(t, root, 'SystemName', 'Before');
    await setOption(t, root, 'SystemName', 'After');
    const entry = await latest(t, root, 'option', 'SystemName');
    const res = (await revert(t, root, entry.id)).json();
    expect(res).toMatchObject({
      success: true,
      data: {
        action: 'option.revert',
        reverted_from: entry.id,
        before: { value: 'After' },
        after: { value: 'Before' },
      },
    });
    expect(t.ctx.options.get('SystemName')).toBe('Before');
    const row = await t.ctx.db
      .selectFrom('options')
      .select('value')
      .where('key', '=', 'SystemName')
      .executeTakeFirst();
    expect(row?.value).toBe('Before');
    // The value no longer is what the entry left: a second revert is refused and changes nothing.
    expect(expectRefusal(await revert(t, root, entry.id))).toContain('changed since');
    expect(t.ctx.options.get('SystemName')).toBe('Before');
    // Reverting the revert redoes the change.
    expect((await revert(t, root, res.data.id)).json().success).toBe(true);
    expect(t.ctx.options.get('SystemName')).toBe('After');
  });

  it('refuses a secret option and entries of other kinds', async () => {
    await setOption(t, root, 'SMTPToken', 'x1');
    expect(expectRefusal(await revert(t, root, (await latest(t, root, 'option', 'SMTPToken')).id))).toContain(
      'secret',
    );
    const user = await t.userWithRole(Role.Common);
    await t.call({
      method: 'PUT',
      url: '/api/user/',
      headers: root.headers,
      payload: { id: user.id, quota: 5 },
    });
    expect(expectRefusal(await revert(t, root, (await latest(t, root, 'user', user.id)).id))).toContain(
      'only option and channel',
    );
  });

  it('restores a channel, leaving fields the entry did not touch', async () => {
    const [id] = await createChannels(t, root, { name: 'orig', priority: 1, weight: 1 });
    await putChannel(t, root, { id, name: 'changed', priority: 5 });
    const entry = await latest(t, root, 'channel', id!);
    expect(entry.before).toEqual({ name: 'orig', priority: 1 });
    await putChannel(t, root, { id, weight: 8 });
    const res = (await revert(t, root, entry.id)).json();
    expect(res).toMatchObject({ success: true, data: { action: 'channel.revert', reverted_from: entry.id } });
    const row = await t.ctx.db
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect({ name: row.name, priority: Number(row.priority), weight: Number(row.weight) }).toEqual({
      name: 'orig',
      priority: 1,
      weight: 8,
    });
    expect(t.ctx.secrets.open(row.key)).toBe('sk-secret-1');
  });

  it('restores a disabled channel to enabled with its abilities', async () => {
    const [id] = await createChannels(t, root, { name: 'toggle', models: 'm-x', group: 'default' });
    await putChannel(t, root, { id, status: 2 });
    const enabled = () =>
      t.ctx.db
        .selectFrom('abilities')
        .select('enabled')
        .where('channel_id', '=', id!)
        .executeTakeFirstOrThrow();
    expect(Boolean((await enabled()).enabled)).toBe(false);
    expect((await revert(t, root, (await latest(t, root, 'channel', id!)).id)).json().success).toBe(true);
    expect(Boolean((await enabled()).enabled)).toBe(true);
  });

  it('refuses when the channel changed since, was deleted, or the key changed', async () => {
    const [id] = await createChannels(t, root, { name: 'a' });
    await putChannel(t, root, { id, name: 'b' });
    const renamed = await latest(t, root, 'channel', id!);
    await putChannel(t, root, { id, name: 'c' });
    expect(expectRefusal(await revert(t, root, renamed.id))).toContain('changed since');
    await putChannel(t, root, { id, key: 'sk-new' });
    expect(expectRefusal(await revert(t, root, (await latest(t, root, 'channel', id!)).id))).toContain(
      'secret',
    );
    const latestRename = (await list(t, root, `?target_type=channel&target_id=${id}`)).json().data.items[1];
    await t.call({ method: 'DELETE', url: `/api/channel/${id}`, headers: root.headers });
    expect(expectRefusal(await revert(t, root, latestRename.id))).toContain('deleted');
    const deletion = await latest(t, root, 'channel', id!);
    expect(deletion.action).toBe('channel.delete');
    expect(expectRefusal(await revert(t, root, deletion.id))).toContain('secret');
  });

  it('undoes a creation by deleting the untouched channel', async () => {
    const [id] = await createChannels(t, root, { name: 'oops' });
    const created = await latest(t, root, 'channel', id!);
    expect((await revert(t, root, created.id)).json().success).toBe(true);
    expect(
      await t.ctx.db.selectFrom('channels').select('id').where('id', '=', id!).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.ctx.db.selectFrom('abilities').select('model').where('channel_id', '=', id!).execute(),
    ).toEqual([]);
  });
});

describe.each(testDialects())('audit entries share the change transaction on %s', (dialect) => {
  let t: TestApp;
  let root: Caller;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    root = await t.root();
  });
  afterAll(() => t.close());

  const count = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('audit_logs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const rename = (from: string, to: string) =>
    sql`alter table ${sql.table(from)} rename to ${sql.table(to)}`.execute(t.ctx.db);

  it('a change that fails after its entry leaves neither', async () => {
    const user = await t.userWithRole(Role.Common, { quota: 10 });
    const entries = await count();
    // The quota change writes its entry, then a manage log into a table that is gone: all of it rolls back.
    await rename('logs', 'logs_away');
    try {
      const res = await t.call({
        method: 'PUT',
        url: '/api/user/',
        headers: root.headers,
        payload: { id: user.id, quota: 99 },
      });
      expect(res.json().success).toBe(false);
    } finally {
      await rename('logs_away', 'logs');
    }
    expect(await count()).toBe(entries);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(row.quota)).toBe(10);
  });

  it('a change whose entry cannot be written does not happen', async () => {
    const [id] = await createChannels(t, root, { name: 'kept' });
    await rename('audit_logs', 'audit_away');
    try {
      expect((await setOption(t, root, 'SystemName', 'Not saved')).json().success).toBe(false);
      expect((await putChannel(t, root, { id, name: 'not saved' })).json().success).toBe(false);
    } finally {
      await rename('audit_away', 'audit_logs');
    }
    expect(t.ctx.options.get('SystemName')).not.toBe('Not saved');
    const option = await t.ctx.db
      .selectFrom('options')
      .select('value')
      .where('key', '=', 'SystemName')
      .executeTakeFirst();
    expect(option?.value).not.toBe('Not saved');
    const channel = await t.ctx.db
      .selectFrom('channels')
      .select('name')
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(channel.name).toBe('kept');
  });

  /** Runs `edit` in a transaction that stays open until `during` has been waiting on it for a while. */
  const whileEditing = async <T>(
    edit: (trx: typeof t.ctx.db) => Promise<unknown>,
    during: () => Promise<T>,
  ) => {
    let release!: () => void;
    let editing!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const started = new Promise<void>((r) => (editing = r));
    const trx = t.ctx.db.transaction().execute(async (tx) => {
      await edit(tx);
      editing();
      await held;
    });
    await started;
    const result = during();
    await new Promise((r) => setTimeout(r, 300));
    release();
    await trx;
    return result;
  };

  it.runIf(dialect !== 'sqlite')(
    'a revert racing an edit waits for it and refuses rather than overwrite it',
    async () => {
      await setOption(t, root, 'Footer', 'first');
      await setOption(t, root, 'Footer', 'second');
      const option = await latest(t, root, 'option', 'Footer');
      const refused = await whileEditing(
        (trx) => trx.updateTable('options').set({ value: 'third' }).where('key', '=', 'Footer').execute(),
        () => revert(t, root, option.id),
      );
      expect(expectRefusal(refused)).toContain('changed since');
      const stored = await t.ctx.db
        .selectFrom('options')
        .select('value')
        .where('key', '=', 'Footer')
        .executeTakeFirstOrThrow();
      expect(stored.value).toBe('third');

      const [id] = await createChannels(t, root, { name: 'raced', priority: 1 });
      await putChannel(t, root, { id, priority: 5 });
      const channel = await latest(t, root, 'channel', id!);
      const alsoRefused = await whileEditing(
        (trx) => trx.updateTable('channels').set({ priority: 9 }).where('id', '=', id!).execute(),
        () => revert(t, root, channel.id),
      );
      expect(expectRefusal(alsoRefused)).toContain('changed since');
      const row = await t.ctx.db
        .selectFrom('channels')
        .select('priority')
        .where('id', '=', id!)
        .executeTakeFirstOrThrow();
      expect(Number(row.priority)).toBe(9);
    },
  );

  it('reverts an option and a channel', async () => {
    await setOption(t, root, 'Footer', 'one');
    await setOption(t, root, 'Footer', 'two');
    expect((await revert(t, root, (await latest(t, root, 'option', 'Footer')).id)).json().success).toBe(true);
    expect(t.ctx.options.get('Footer')).toBe('one');
    const [id] = await createChannels(t, root, { name: 'x', priority: 2 });
    await putChannel(t, root, { id, priority: 4 });
    expect((await revert(t, root, (await latest(t, root, 'channel', id!)).id)).json().success).toBe(true);
    const row = await t.ctx.db
      .selectFrom('channels')
      .select('priority')
      .where('id', '=', id!)
      .executeTakeFirstOrThrow();
    expect(Number(row.priority)).toBe(2);
  });
});
