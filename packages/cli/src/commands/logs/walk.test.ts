import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as na from '../../../../sdk/test/fixtures/new-api.js';
import { freshConfigDir, runCli, startServer } from '../../../test/helpers/run-cli.js';

/** The query keys new-api 0.4.8's log lists read (controller/log.go), plus the SDK's `page`/`size` it ignores. */
const NEW_API_KEYS = new Set([
  'p',
  'page_size',
  'type',
  'start_timestamp',
  'end_timestamp',
  'username',
  'token_name',
  'model_name',
  'channel',
  'group',
  'page',
  'size',
]);

type Row = ReturnType<typeof na.log>;

/**
 * new-api 0.4.8's `/api/log/` and `/api/log/self` over an array: its filters, `id desc` order and 1-based `p`
 * offset paging (the SDK's `page` ignored); the self list answers ids modulo 1024 as new-api does.
 */
function fakeNewApi(rows: Row[], seen: URLSearchParams[]): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const q = url.searchParams;
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/api/status') return send({ success: true, message: '', data: na.status });
    if (url.pathname !== '/api/log/' && url.pathname !== '/api/log/self')
      return send({ success: false, message: `no route ${url.pathname}` });
    seen.push(q);
    const num = (k: string) => Number(q.get(k) ?? 0);
    const matching = rows
      .filter(
        (r) =>
          (!num('start_timestamp') || r.created_at >= num('start_timestamp')) &&
          (!num('end_timestamp') || r.created_at <= num('end_timestamp')) &&
          (!q.get('model_name') || r.model_name === q.get('model_name')),
      )
      .sort((a, b) => b.id - a.id);
    const p = Math.max(1, num('p'));
    const size = url.pathname === '/api/log/self' ? Math.min(100, num('page_size')) : num('page_size');
    const items = matching
      .slice((p - 1) * size, p * size)
      .map((r) => (url.pathname === '/api/log/self' ? { ...r, id: r.id % 1024 } : r));
    send({ success: true, message: '', data: { items, total: matching.length, page: p, page_size: size } });
  });
}

const T0 = 1_741_132_800;

/**
 * 1,500 rows, ids ascending with time: 3 a second, then 260 in second T0 + 200 (more than two pages), then
 * 2 a second; half of them gpt-4o. `content` carries the real id, since the self list hides it.
 */
function dataset(): Row[] {
  const second = (id: number) =>
    id < 400 ? T0 + Math.floor(id / 3) : id < 660 ? T0 + 200 : T0 + 201 + Math.floor((id - 660) / 2);
  return Array.from({ length: 1500 }, (_, i) => ({
    ...na.log(i + 1),
    created_at: second(i + 1),
    content: `row ${i + 1}`,
    model_name: (i + 1) % 2 ? 'gpt-4o' : 'm2',
  }));
}

describe('logs export pages by end_timestamp against new-api 0.4.8', () => {
  const rows = dataset();
  const seen: URLSearchParams[] = [];
  let server: Server;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = fakeNewApi(rows, seen);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    env = {
      SWB_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      SWB_TOKEN: 'na-token',
      SWB_USER: '7',
      SWB_CONFIG_DIR: freshConfigDir(),
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const ids = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((l) => Number((JSON.parse(l) as Row).content.slice(4)));
  const expected = (keep: (r: Row) => boolean) =>
    rows
      .filter(keep)
      .map((r) => r.id)
      .reverse();

  it('yields every row once, newest first, across a second fuller than two pages', async () => {
    seen.length = 0;
    const r = await runCli('logs export', { env });
    expect(r.code).toBe(0);
    expect(ids(r.stdout)).toEqual(expected(() => true));
    expect(r.stderr).toBe('Exported 1500 log(s).\n');
    for (const q of seen) for (const key of q.keys()) expect(NEW_API_KEYS).toContain(key);
    // Keyset pages start at p=1; only the crowded second needs p=2 and p=3.
    expect(Math.max(...seen.map((q) => Number(q.get('p'))))).toBe(3);
    expect(seen.length).toBeLessThanOrEqual(Math.ceil(1500 / 100) + 6);
  });

  it('keeps the filters on every page and stops at --until', async () => {
    seen.length = 0;
    const since = T0 + 50;
    const until = T0 + 400;
    const r = await runCli(
      ['logs', 'export', '--model', 'gpt-4o', '--since', `${since}`, '--until', `${until}`],
      {
        env,
      },
    );
    expect(r.code).toBe(0);
    expect(ids(r.stdout)).toEqual(
      expected((l) => l.model_name === 'gpt-4o' && l.created_at >= since && l.created_at <= until),
    );
    for (const q of seen) {
      expect(q.get('model_name')).toBe('gpt-4o');
      expect(q.get('start_timestamp')).toBe(String(since));
      expect(Number(q.get('end_timestamp'))).toBeLessThanOrEqual(until);
    }
  });

  it('walks the self list, whose ids repeat modulo 1024, by position', async () => {
    const r = await runCli('logs export --self', { env });
    expect(ids(r.stdout)).toEqual(expected(() => true));
  });

  it('writes CSV the same way, and lists --all without offsets', async () => {
    const csv = await runCli('logs export --format csv', { env });
    expect(csv.stdout.trim().split('\n')).toHaveLength(1501);
    seen.length = 0;
    const all = await runCli('logs list --all --json id', { env });
    expect((JSON.parse(all.stdout) as { id: number }[]).map((l) => l.id)).toEqual(expected(() => true));
    expect(Math.max(...seen.map((q) => Number(q.get('p'))))).toBe(3);
  });

  it('tail --follow prints every row that landed between polls, the crowded second too, once', async () => {
    const before = rows.length;
    const controller = new AbortController();
    const following = runCli('logs tail -f --interval 0.2 -n 2 --json', { env, signal: controller.signal });
    await new Promise((r) => setTimeout(r, 400));
    // 150 more rows (beyond a page) in the newest second and the next, as a busy gateway writes them.
    const last = rows.at(-1)!.created_at;
    for (let id = before + 1; id <= before + 150; id++)
      rows.push({ ...na.log(id), created_at: id <= before + 70 ? last : last + 1, content: `row ${id}` });
    await new Promise((r) => setTimeout(r, 800));
    controller.abort();
    const r = await following;
    expect(r.code).toBe(130);
    const printed = r.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as Row).id);
    expect(printed).toEqual([before - 1, before, ...Array.from({ length: 150 }, (_, i) => before + 1 + i)]);
    rows.length = before;
  });
});

describe('logs export against our server', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.mock.close());

  it('exports exactly the database rows across a second fuller than a page, with filters', async () => {
    const t = 1_700_000_000;
    // 230 rows in one second, then 50 rows one a second, with ids out of time order for a few (a second node
    // writing late): our order is created_at desc, id desc, and the walk must follow it exactly.
    const values = [
      ...Array.from({ length: 230 }, () => t),
      ...Array.from({ length: 50 }, (_, i) => t + 1 + i),
      ...Array.from({ length: 20 }, (_, i) => t + 10 + (i % 3)),
    ].map((created_at, i) => ({
      user_id: 1,
      username: 'walker',
      created_at,
      type: 2,
      content: `walk ${i}`,
      model_name: i % 4 === 0 ? 'walk-a' : 'walk-b',
    }));
    await server.mock.db.insertInto('logs').values(values).execute();
    const env = await server.env('root');
    const fromDb = async (model?: string) =>
      (
        await server.mock.db
          .selectFrom('logs')
          .select('id')
          .where('username', '=', 'walker')
          .$if(model !== undefined, (q) => q.where('model_name', '=', model!))
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute()
      ).map((r) => Number(r.id));
    const exported = async (line: string) =>
      (await runCli(line, { env })).stdout
        .trim()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: number }).id);

    expect(await exported('logs export --username walker')).toEqual(await fromDb());
    expect(await exported('logs export --username walker --model walk-b')).toEqual(await fromDb('walk-b'));
  });
});
