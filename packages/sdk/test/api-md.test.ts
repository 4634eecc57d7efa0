import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { renderApiMd } from '../../../scripts/gen-api-md.js';
import { SDK_ROUTES } from '../src/resources/routes.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SCRIPT = join(ROOT, 'scripts/gen-api-md.ts');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

describe('api.md', () => {
  it('is up to date with the route tables', async () => {
    const onDisk = await readFile(join(ROOT, 'packages/sdk/api.md'), 'utf8');
    expect(onDisk).toBe(renderApiMd());
  });

  it('lists every SDK method with its HTTP call', () => {
    const text = renderApiMd();
    for (const route of SDK_ROUTES)
      expect(text).toContain(`| \`client.${route.sdkMethod}()\` | \`${route.key}\` |`);
  });

  it('--check exits non-zero for a stale file and zero for a fresh one', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'api-md-'));
    const file = join(dir, 'api.md');
    await writeFile(file, renderApiMd().replace('client.channels.list()', 'client.channels.lst()'));
    const stale = await run(TSX, [SCRIPT, '--check', '--out', file]).then(
      () => 0,
      (error: { code?: number }) => error.code ?? -1,
    );
    expect(stale).toBe(1);
    await run(TSX, [SCRIPT, '--out', file]);
    await expect(run(TSX, [SCRIPT, '--check', '--out', file])).resolves.toBeTruthy();
  }, 30_000);
});
