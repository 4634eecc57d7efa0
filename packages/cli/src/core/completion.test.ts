import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test/helpers/run-cli.js';

/** Asks real bash for the completions of `line` with the script `swb completion bash` prints. */
function complete(script: string, line: string): string[] {
  const words = line.split(' ');
  const program = `${script}
COMP_WORDS=(${words.map((w) => `'${w}'`).join(' ')})
COMP_CWORD=${words.length - 1}
_swb
printf '%s\\n' "\${COMPREPLY[@]}"`;
  return execFileSync('bash', ['-c', program], { encoding: 'utf8' }).split('\n').filter(Boolean);
}

describe('completion', () => {
  it('completes nouns, verbs and flags in bash', async () => {
    const { stdout: script, code } = await runCli('completion bash');
    expect(code).toBe(0);
    expect(complete(script, 'swb cha')).toEqual(['channels', 'chat']);
    expect(complete(script, 'swb channels de')).toEqual(['delete', 'delete-disabled']);
    expect(complete(script, 'swb channels tag e')).toEqual(['edit', 'enable']);
    expect(complete(script, 'swb --yes codes create --q')).toEqual(['--quota']);
    expect(complete(script, 'swb plan --d')).toEqual(['--detailed-exitcode']);
  });

  it('prints zsh and fish scripts and refuses other shells', async () => {
    expect((await runCli('completion zsh')).stdout).toContain('bashcompinit');
    const fish = await runCli('completion fish');
    expect(fish.stdout).toContain(
      "complete -c swb -f -n 'test (__swb_path) = \"channels tag\"' -a 'disable edit enable set'",
    );
    expect((await runCli('completion tcsh')).code).toBe(2);
  });
});
