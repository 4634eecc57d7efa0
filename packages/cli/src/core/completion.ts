import type { CommandDef } from './command.js';

/** Global flags offered everywhere; keep in sync with program.ts. */
const GLOBAL_FLAGS = [
  '--url',
  '--token',
  '--user',
  '--profile',
  '--yes',
  '--non-interactive',
  '--no-color',
  '--help',
];

/** Every command path ('' for the root) mapped to the words that may follow it. */
export function completionTree(defs: readonly CommandDef[]): Map<string, string[]> {
  const tree = new Map<string, Set<string>>([['', new Set(['help', 'completion'])]]);
  const add = (path: string, word: string) => {
    if (!tree.has(path)) tree.set(path, new Set());
    tree.get(path)!.add(word);
  };
  for (const def of defs) {
    const words = def.path.split(' ');
    words.forEach((w, i) => add(words.slice(0, i).join(' '), w));
    for (const opt of def.options ?? []) add(def.path, /--[\w-]+/.exec(opt.flags)![0]);
    if (def.output) for (const f of ['--output', '--json', '--jq']) add(def.path, f);
    for (const f of GLOBAL_FLAGS) add(def.path, f);
  }
  add('completion', 'bash');
  add('completion', 'zsh');
  add('completion', 'fish');
  add('help', 'exit-codes');
  add('help', 'environment');
  return new Map([...tree].map(([k, v]) => [k, [...v].sort()]));
}

const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/** A bash completion script (zsh loads it through bashcompinit). */
export function bashScript(tree: Map<string, string[]>): string {
  // bash arrays refuse an empty key, so every path starts with "swb".
  const entries = [...tree]
    .map(([k, v]) => `  [${quote(k ? `swb ${k}` : 'swb')}]=${quote(v.join(' '))}`)
    .join('\n');
  return `# swb completion for bash: eval "$(swb completion bash)"
declare -A _swb_tree=(
${entries}
)
_swb() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" path=swb i w next
  for ((i = 1; i < COMP_CWORD; i++)); do
    w="\${COMP_WORDS[i]}"
    [[ $w == -* ]] && continue
    next="$path $w"
    [[ -n "\${_swb_tree[$next]+x}" ]] && path="$next"
  done
  COMPREPLY=($(compgen -W "\${_swb_tree[$path]}" -- "$cur"))
}
complete -F _swb swb
`;
}

/** A zsh completion script: the bash one through bashcompinit. */
export function zshScript(tree: Map<string, string[]>): string {
  return `# swb completion for zsh: eval "$(swb completion zsh)"
autoload -U +X bashcompinit && bashcompinit
${bashScript(tree).split('\n').slice(1).join('\n')}`;
}

/** A fish completion script. */
export function fishScript(tree: Map<string, string[]>): string {
  const paths = [...tree.keys()].filter(Boolean).map(quote).join(' ');
  const lines = [...tree].map(
    ([k, v]) =>
      `complete -c swb -f -n 'test (__swb_path) = ${quote(k).replaceAll("'", '"')}' -a ${quote(v.join(' '))}`,
  );
  return `# swb completion for fish: swb completion fish | source
set -g __swb_paths ${paths}
function __swb_path
  set -l words (commandline -opc)
  set -e words[1]
  set -l path ''
  for w in $words
    string match -q -- '-*' $w; and continue
    set -l next (string trim -- "$path $w")
    contains -- $next $__swb_paths; and set path $next
  end
  echo $path
end
${lines.join('\n')}
`;
}
