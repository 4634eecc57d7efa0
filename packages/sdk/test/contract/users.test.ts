import { describe, expect, it } from 'vitest';
import { ApiError, AuthenticationError, BusinessError, ValidationError } from '../../src/core/errors.js';
import { Role, UserStatus } from '../../src/index.js';
import { uniq, useContractEnv } from './setup.js';

const env = useContractEnv();

/** Finds a user's id by exact username through the admin search. */
async function idOf(username: string): Promise<number> {
  const page = await env.root.users.search({ keyword: username, pageSize: 100 });
  const user = page.items.find((u) => u.username === username);
  if (!user) throw new Error(`no user ${username}`);
  return user.id;
}

describe('client.users: session', () => {
  it('logs in with a cookie, learns the user id, and forgets both at logout', async () => {
    await env.admin.users.create({ username: uniq('ct_sess'), password: 'password123' });
    const client = env.client();
    await expect(client.users.self.get()).rejects.toBeInstanceOf(AuthenticationError);
    const user = await client.users.login({ username: uniq('ct_sess'), password: 'password123' });
    expect(user.username).toBe(uniq('ct_sess'));
    expect(client.userId).toBe(String(user.id));
    expect((await client.users.self.get()).id).toBe(user.id);
    await client.users.logout();
    expect(client.userId).toBeUndefined();
    await expect(client.users.self.get()).rejects.toBeInstanceOf(AuthenticationError);
  });

  it('keeps other sessions of the same user alive at logout', async () => {
    await env.admin.users.create({ username: uniq('ct_two'), password: 'password123' });
    const first = await env.login(uniq('ct_two'), 'password123');
    const second = await env.login(uniq('ct_two'), 'password123');
    await second.users.logout();
    expect((await first.users.self.get()).username).toBe(uniq('ct_two'));
  });

  it('refuses a wrong password', async () => {
    const me = await env.alice.users.self.get();
    const error = await env
      .client()
      .users.login({ username: me.username, password: 'wrong-password' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
  });

  it('authenticates with a generated access token and the user id', async () => {
    await env.admin.users.create({ username: uniq('ct_tok'), password: 'password123' });
    const session = await env.login(uniq('ct_tok'), 'password123');
    const accessToken = await session.users.self.generateAccessToken();
    const me = await session.users.self.get();
    const byToken = env.client({ accessToken, userId: me.id });
    expect((await byToken.users.self.get()).username).toBe(uniq('ct_tok'));
    const rotated = await session.users.self.generateAccessToken();
    expect(rotated).not.toBe(accessToken);
    // new-api answers a stale access token with HTTP 200 "access token 无效", a business error.
    await expect(byToken.users.self.get()).rejects.toBeInstanceOf(BusinessError);
    await expect(env.client({ accessToken: rotated, userId: me.id }).users.self.get()).resolves.toMatchObject(
      { id: me.id },
    );
  });

  it('rejects empty credentials before sending anything', async () => {
    await expect(env.anonymous.users.login({ username: '', password: 'x' })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('registers an account that can then log in', async () => {
    const username = `reg${Date.now() % 100000}`;
    await env.anonymous.users.register({ username, password: 'password123' });
    const client = await env.login(username, 'password123');
    expect((await client.users.self.get()).role).toBe(Role.Common);
    await expect(
      env.anonymous.users.register({ username, password: 'password123', password2: 'password124' }),
    ).rejects.toBeInstanceOf(ValidationError);
  });

  it('lists the groups usable without login', async () => {
    const groups = await env.anonymous.users.groups();
    expect(Object.keys(groups).length).toBeGreaterThan(0);
    for (const group of Object.values(groups)) expect(typeof group.ratio).toBe('number');
  });
  // OAuth, email verification and password-reset mails need later issues (OAuth providers, SMTP).
});

describe('client.users: management', () => {
  it('lists and searches users (required params only)', async () => {
    const page = await env.admin.users.list();
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items.length).toBeGreaterThan(0);
    const found = await env.admin.users.search();
    expect(found.total).toBe(page.total);
  });

  it('searches with every filter and pages', async () => {
    const me = await env.alice.users.self.get();
    const page = await env.admin.users.search({
      keyword: me.username,
      group: me.group,
      page: 1,
      pageSize: 5,
    });
    expect(page.items.map((u) => u.id)).toContain(me.id);
    expect(page.pageSize).toBe(5);
    const byId = await env.admin.users.search({ keyword: String(me.id) });
    expect(byId.items.map((u) => u.id)).toContain(me.id);
  });

  it('creates a user with required params, then with all of them', async () => {
    await env.admin.users.create({ username: uniq('ct_min'), password: 'password123' });
    const min = await env.admin.users.get(await idOf(uniq('ct_min')));
    expect(min).toMatchObject({ username: uniq('ct_min'), role: Role.Common, status: UserStatus.Enabled });
    // new-api always creates a common user; the role only has to stay below the caller's (contract §3).
    await env.root.users.create({
      username: uniq('ct_all'),
      password: 'password123',
      display_name: 'All',
      role: Role.Admin,
    });
    const all = await env.root.users.get(await idOf(uniq('ct_all')));
    expect(all).toMatchObject({ display_name: 'All', role: Role.Common });
    await expect(
      env.admin.users.create({ username: uniq('ct_high'), password: 'password123', role: Role.Admin }),
    ).rejects.toBeInstanceOf(BusinessError);
    await expect(
      env.admin.users.create({ username: uniq('ct_min'), password: 'password123' }),
    ).rejects.toBeInstanceOf(BusinessError);
  });

  it('updates a user with all fields', async () => {
    await env.admin.users.create({ username: uniq('ct_upd'), password: 'password123' });
    const id = await idOf(uniq('ct_upd'));
    await env.admin.users.update(id, {
      username: uniq('ct_upd2'),
      display_name: 'Updated',
      group: 'vip',
      quota: 12345,
      password: 'password456',
    });
    expect(await env.admin.users.get(id)).toMatchObject({
      username: uniq('ct_upd2'),
      display_name: 'Updated',
      group: 'vip',
      quota: 12345,
    });
    await expect(env.login(uniq('ct_upd2'), 'password456')).resolves.toBeDefined();
  });

  it('disables, enables, promotes, demotes and deletes', async () => {
    await env.admin.users.create({ username: uniq('ct_mgr'), password: 'password123' });
    const id = await idOf(uniq('ct_mgr'));
    expect(await env.admin.users.disable(id)).toEqual({ role: Role.Common, status: UserStatus.Disabled });
    await expect(env.login(uniq('ct_mgr'), 'password123')).rejects.toBeInstanceOf(Error);
    expect(await env.admin.users.enable(id)).toEqual({ role: Role.Common, status: UserStatus.Enabled });
    await expect(env.admin.users.promote(id)).rejects.toBeInstanceOf(BusinessError);
    expect((await env.root.users.promote(id)).role).toBe(Role.Admin);
    expect((await env.root.users.demote(id)).role).toBe(Role.Common);
    await env.admin.users.softDelete(id);
    await env.admin.users.delete(id);
    await expect(env.admin.users.get(id)).rejects.toBeInstanceOf(BusinessError);
  });

  it('refuses common users, peers of equal role, and unknown ids', async () => {
    await expect(env.alice.users.list()).rejects.toBeInstanceOf(BusinessError);
    const root = await env.root.users.self.get();
    await expect(env.admin.users.get(root.id)).rejects.toBeInstanceOf(BusinessError);
    await expect(env.admin.users.get(999_999)).rejects.toBeInstanceOf(BusinessError);
    await expect(env.admin.users.get(0)).rejects.toBeInstanceOf(ValidationError);
  });
});
