import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, startServer } from '../../../test/helpers/run-cli.js';

// ${file:…} keys read whatever the user running swb can read. A gateway file from an untrusted change
// could name ~/.ssh/id_ed25519 and a base_url of its own; --restrict-file-refs keeps them in its folder.
let server: Awaited<ReturnType<typeof startServer>>;
let env: Record<string, string>;
let top: string;
let repo: string;
beforeAll(async () => {
  server = await startServer();
  env = await server.env();
  top = realpathSync(mkdtempSync(join(tmpdir(), 'swb-refs-')));
  repo = join(top, 'repo');
  mkdirSync(join(repo, 'keys'), { recursive: true });
  writeFileSync(join(top, 'secret.txt'), 'sk-outside-secret\n');
  writeFileSync(join(repo, 'keys', 'new.txt'), 'sk-inside-key\n');
  symlinkSync(join(top, 'secret.txt'), join(repo, 'keys', 'link.txt'));
  symlinkSync(top, join(repo, 'up'));
});
afterAll(() => server.mock.close());

const run = (line: string[], extra: Record<string, string> = {}) =>
  runCli(line, { env: { ...env, ...extra }, cwd: repo });
/** Writes repo/gateway.yaml with one new channel whose key is `ref`. */
const gateway = (ref: string) =>
  writeFileSync(
    join(repo, 'gateway.yaml'),
    stringify({ version: 1, channels: [{ name: 'from-file', type: 1, key: ref, models: ['gpt-4o'] }] }),
  );
const channelCount = async () =>
  (await server.mock.db.selectFrom('channels').select('id').where('name', '=', 'from-file').execute()).length;

describe('${file:…} key references', () => {
  it('read any readable path by default (documented), relative to the gateway file', async () => {
    for (const ref of ['${file:../secret.txt}', `\${file:${top}/secret.txt}`, '${file:keys/link.txt}']) {
      gateway(ref);
      const r = await run(['plan', '-f', 'gateway.yaml']);
      expect(r.code, ref).toBe(0);
      expect(r.stdout).toContain(`key: sent from ${ref} (new channel)`);
    }
  });

  it('with --restrict-file-refs, refuse paths outside the gateway file’s folder however spelt', async () => {
    const outside = [
      '${file:../secret.txt}',
      `\${file:${top}/secret.txt}`,
      '${file:keys/link.txt}', // a symlink inside pointing outside
      '${file:up/secret.txt}', // a symlinked folder
      '${file:keys/../../secret.txt}',
    ];
    for (const ref of outside) {
      gateway(ref);
      const r = await run(['plan', '-f', 'gateway.yaml', '--restrict-file-refs']);
      expect(r.code, ref).toBe(2);
      expect(r.stderr).toContain(`is outside ${repo}; with --restrict-file-refs`);
      expect(r.stdout).toBe('');
    }
  });

  it('with --restrict-file-refs, read files inside it, by relative or absolute path', async () => {
    for (const ref of ['${file:keys/new.txt}', `\${file:${repo}/keys/new.txt}`]) {
      gateway(ref);
      const r = await run(['plan', '-f', 'gateway.yaml', '--restrict-file-refs']);
      expect(r.code, ref).toBe(0);
      expect(r.stdout).toContain('will be created');
    }
  });

  it('SWB_RESTRICT_FILE_REFS=1 restricts like the flag; 0 does not', async () => {
    gateway('${file:../secret.txt}');
    const restricted = await run(['plan', '-f', 'gateway.yaml'], { SWB_RESTRICT_FILE_REFS: '1' });
    expect(restricted.code).toBe(2);
    expect(restricted.stderr).toContain('is outside');
    expect((await run(['plan', '-f', 'gateway.yaml'], { SWB_RESTRICT_FILE_REFS: '0' })).code).toBe(0);
  });

  it('apply -f refuses before anything is sent', async () => {
    gateway('${file:../secret.txt}');
    const r = await run(['apply', '-f', 'gateway.yaml', '--yes', '--restrict-file-refs']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is outside');
    expect(await channelCount()).toBe(0);
  });

  it('apply of a saved plan confines keys to the plan file’s folder, whatever file the plan names', async () => {
    gateway('${file:../secret.txt}');
    expect((await run(['plan', '-f', 'gateway.yaml', '--out', 'plan.json'])).code).toBe(0);
    const r = await run(['apply', 'plan.json', '--yes', '--restrict-file-refs']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('is outside');
    // A plan naming another gateway file (its refs resolve beside that one) is held to the same folder.
    const plan = JSON.parse(readFileSync(join(repo, 'plan.json'), 'utf8')) as { file: string };
    writeFileSync(
      join(repo, 'plan.json'),
      JSON.stringify({ ...plan, file: join(top, 'elsewhere', 'gateway.yaml') }),
    );
    const forged = await run(['apply', 'plan.json', '--yes'], { SWB_RESTRICT_FILE_REFS: 'true' });
    expect(forged.code).toBe(2);
    expect(forged.stderr).toContain(`${top}/secret.txt is outside ${repo}`);
    expect(await channelCount()).toBe(0);
    // Unrestricted, the same saved plan applies (the reference is the user's own choice).
    gateway('${file:../secret.txt}');
    expect((await run(['plan', '-f', 'gateway.yaml', '--out', 'plan.json'])).code).toBe(0);
    expect((await run(['apply', 'plan.json', '--yes'])).code).toBe(0);
    expect(await channelCount()).toBe(1);
  });
});
