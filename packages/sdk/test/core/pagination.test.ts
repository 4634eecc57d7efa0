import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/core/pagination.js';
import { SdkError, ValidationError } from '../../src/core/errors.js';
import { SDK_ROUTES } from '../../src/resources/routes.js';
import { channel, drawing, redemption, token, user } from '../fixtures/new-api.js';
import { clientWith, sdkMethod } from '../helpers/client.js';
import { json, ok } from '../helpers/mock-fetch.js';

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
const query = (url: URL) => Object.fromEntries(url.searchParams);

describe('bare arrays from 0-based legacy lists (channels)', () => {
  it('walks every page with for await, sending p = page - 1', async () => {
    const pages = [range(1, 10), range(11, 10), range(21, 5)];
    const { client, calls } = clientWith((req) =>
      json(ok(pages[Number(req.url.searchParams.get('p'))]!.map((id) => channel(id)))),
    );
    const ids: number[] = [];
    for await (const ch of client.channels.list()) ids.push(ch.id);
    expect(ids).toEqual(range(1, 25));
    expect(calls.map((c) => query(c.url))).toEqual([
      { page: '1', page_size: '10', size: '10', p: '0' },
      { page: '2', page_size: '10', size: '10', p: '1' },
      { page: '3', page_size: '10', size: '10', p: '2' },
    ]);
  });

  it('reports a next page while a page is full, with no total', async () => {
    const { client } = clientWith(() => json(ok(range(1, 20).map((id) => channel(id)))));
    const page = await client.channels.list({ page: 4, pageSize: 20, id_sort: true });
    expect(page).toMatchObject({ page: 4, pageSize: 20, total: undefined });
    expect(page.items).toHaveLength(20);
    expect(page.hasNextPage()).toBe(true);
  });

  it('treats data: null as an empty last page', async () => {
    const { client } = clientWith(() => json(ok(null)));
    const page = await client.channels.list();
    expect(page.items).toEqual([]);
    expect(page.hasNextPage()).toBe(false);
    await expect(page.getNextPage()).rejects.toBeInstanceOf(SdkError);
  });

  it('follows the paged object when our own server answers the same endpoint', async () => {
    const { client, calls } = clientWith((req) => {
      const page = Number(req.url.searchParams.get('page'));
      const items = (page === 3 ? range(21, 1) : range(page * 10 - 9, 10)).map((id) => channel(id));
      return json(ok({ items, total: 21, page, page_size: 10 }));
    });
    const all = await client.channels.list().toArray({ limit: 100 });
    expect(all).toHaveLength(21);
    expect(calls).toHaveLength(3);
  });
});

describe('bare arrays with capped or fixed sizes', () => {
  it('tokens: size is sent as both size and page_size, p 0-based', async () => {
    const { client, calls } = clientWith(() => json(ok(range(1, 100).map((id) => token(id)))));
    const page = await client.tokens.list({ page: 1, pageSize: 100 });
    expect(query(calls[0]!.url)).toEqual({ p: '0', page: '1', page_size: '100', size: '100' });
    expect(page.hasNextPage()).toBe(true);
  });

  it('drawings: new-api serves 10 per page whatever was asked, so a page of 10 has a next', async () => {
    const { client } = clientWith(() => json(ok(range(1, 10).map((id) => drawing(id)))));
    const page = await client.drawings.listSelf({ pageSize: 50 });
    expect(page.pageSize).toBe(10);
    expect(page.hasNextPage()).toBe(true);
  });
});

describe('paged objects from 1-based lists (users, redemptions)', () => {
  it('uses total to decide the next page and sends p = page', async () => {
    const { client, calls } = clientWith((req) => {
      const p = Number(req.url.searchParams.get('p'));
      const items = (p < 3 ? range(p * 10 - 9, 10) : range(21, 5)).map((id) => ({ ...user, id }));
      return json(ok({ items, total: 25, page: p, page_size: 10 }));
    });
    const pages: Page<unknown>[] = [];
    for await (const page of (await client.users.list()).iterPages()) pages.push(page);
    expect(pages.map((p) => [p.page, p.items.length, p.total])).toEqual([
      [1, 10, 25],
      [2, 10, 25],
      [3, 5, 25],
    ]);
    expect(calls.map((c) => c.url.searchParams.get('p'))).toEqual(['1', '2', '3']);
  });

  it('stops at the last page even when it is full', async () => {
    const { client } = clientWith(() =>
      json(ok({ items: range(1, 10).map((id) => redemption(id)), total: 10, page: 1, page_size: 10 })),
    );
    const page = await client.redemptions.search({ keyword: 'code' });
    expect(page.hasNextPage()).toBe(false);
  });
});

describe('unpaged legacy searches', () => {
  it('is a single page whatever its length, and sends no p', async () => {
    const { client, calls } = clientWith(() => json(ok(range(1, 30).map((id) => channel(id)))));
    const page = await client.channels.search({ keyword: 'gpt', model: 'gpt-4o' });
    expect(page.items).toHaveLength(30);
    expect(page.hasNextPage()).toBe(false);
    expect(calls[0]!.url.searchParams.has('p')).toBe(false);
    expect(query(calls[0]!.url)).toMatchObject({
      keyword: 'gpt',
      model: 'gpt-4o',
      page: '1',
      page_size: '10',
    });
  });
});

describe('toArray and page-size checks', () => {
  it('stops fetching once the limit is reached', async () => {
    const { client, calls } = clientWith(() => json(ok(range(1, 10).map((id) => channel(id)))));
    const items = await client.channels.list().toArray({ limit: 12 });
    expect(items).toHaveLength(12);
    expect(calls).toHaveLength(2);
  });

  it('requires a positive integer limit', async () => {
    const { client } = clientWith(() => json(ok([])));
    await expect((await client.channels.list()).toArray({ limit: 0 })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('rejects a page size above 100 before sending anything', async () => {
    const { client, calls } = clientWith(() => json(ok([])));
    await expect(client.tokens.list({ pageSize: 101 })).rejects.toBeInstanceOf(ValidationError);
    await expect(client.users.list({ page: 0 })).rejects.toBeInstanceOf(ValidationError);
    expect(calls).toHaveLength(0);
  });
});

const LIST_ARGS: Record<string, Record<string, unknown>> = {
  'data.list': { start_timestamp: 1, end_timestamp: 2 },
  'data.listSelf': { start_timestamp: 1, end_timestamp: 2 },
  'logs.listByToken': { key: 'sk-abc' },
};

describe('paging parameters of every list endpoint', () => {
  const listRoutes = SDK_ROUTES.filter((route) => route.paged);

  it.each(listRoutes.map((route) => [route.sdkMethod, route] as const))(
    '%s sends p in its legacy base',
    async (name, route) => {
      const { client, calls } = clientWith(() => json(ok([])));
      await sdkMethod(client, name)({ ...LIST_ARGS[name], page: 3, pageSize: 20 });
      const sent = query(calls[0]!.url);
      expect(calls[0]!.url.pathname).toBe(route.path);
      expect(sent).toMatchObject({ page: '3', page_size: '20', size: '20' });
      if (route.paged!.firstP === null) expect(sent['p']).toBeUndefined();
      else expect(sent['p']).toBe(String(2 + route.paged!.firstP));
    },
  );
});
