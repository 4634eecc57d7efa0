import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/helpers/run-cli.js';

let server: Awaited<ReturnType<typeof startServer>>;
let root: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  root = await server.env();
});
afterAll(() => server.mock.close());

const json = (stdout: string) => JSON.parse(stdout) as Record<string, unknown>[];

describe('swb tasks', () => {
  it('lists drawing and music tasks together, newest first, and by platform', async () => {
    const drawings = await server.mock.db.selectFrom('midjourneys').select(['mj_id']).execute();
    const music = await server.mock.db.selectFrom('tasks').select(['task_id']).execute();
    const all = await runCli('tasks list --json', { env: root });
    expect(all.code).toBe(0);
    const rows = json(all.stdout);
    expect(rows.map((r) => r.task_id).sort()).toEqual(
      [...drawings.map((d) => d.mj_id), ...music.map((m) => m.task_id)].sort(),
    );
    const times = rows.map((r) => Number(r.submit_time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Drawing times (milliseconds in the table) are shown in seconds like the others.
    expect(Math.max(...times)).toBeLessThan(10_000_000_000);

    const suno = await runCli('tasks list --platform suno --json task_id,status', { env: root });
    expect(json(suno.stdout).every((r) => Object.keys(r).join() === 'task_id,status')).toBe(true);
    expect(json(suno.stdout)).toHaveLength(music.length);

    const table = await runCli('tasks list --platform mj', { env: root });
    // Piped, the table is tab-separated rows.
    expect(table.stdout.trim().split('\n')).toHaveLength(drawings.length);
    expect(table.stdout).toContain(`mj\t${drawings[0]!.mj_id}\t`);
  });

  it('shows one task by its upstream id, with its image and buttons or its data', async () => {
    const d = await server.mock.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('status', '=', 'SUCCESS')
      .executeTakeFirstOrThrow();
    const got = await runCli(['tasks', 'get', d.mj_id, '--json'], { env: root });
    expect(got.code).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({
      platform: 'mj',
      task_id: d.mj_id,
      status: 'SUCCESS',
    });
    // MjForwardUrlEnabled (on by default) shows the image through this server.
    expect(JSON.parse(got.stdout).image_url).toMatch(new RegExp(`/mj/image/${d.mj_id}$`));
    const t = await server.mock.db.selectFrom('tasks').selectAll().executeTakeFirstOrThrow();
    const song = await runCli(['tasks', 'get', t.task_id, '--platform', 'suno', '--json'], { env: root });
    expect(JSON.parse(song.stdout)).toMatchObject({ platform: 'suno', task_id: t.task_id, action: t.action });
    const missing = await runCli('tasks get no-such-task', { env: root });
    expect(missing.code).toBe(6);
    expect(missing.stderr).toContain('no task no-such-task');
  });

  it('shows a user their own tasks with --mine, and refuses a bad --platform', async () => {
    const alice = await runCli('tasks list --mine --json', { env: await server.env('alice') });
    expect(alice.code).toBe(0);
    const aliceId = server.mock.credentials.users.alice.id;
    expect(json(alice.stdout).every((r) => r.user_id === aliceId || r.user_id === 0)).toBe(true);
    const refused = await runCli('tasks list --platform video', { env: root });
    expect(refused.code).toBe(2);
  });
});
