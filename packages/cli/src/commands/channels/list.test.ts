import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/helpers/run-cli.js';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.mock.close());

describe('channels list', () => {
  it('prints TSV when piped', async () => {
    const r = await runCli('channels list', { env: await server.env() });
    console.log(r);
    expect(r.code).toBe(0);
  });
  it('prints a table on a terminal', async () => {
    const r = await runCli('channels list', { env: await server.env(), tty: true });
    console.log(r.stdout, r.stderr);
    expect(r.code).toBe(0);
  });
});
