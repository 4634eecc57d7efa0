// `npm run check:i18n`: every console string exists in both Chinese and English, and every locale key is
// used. A key counts as used when it appears as a string literal in packages/web/src, or when a template
// literal builds it from a literal prefix (`t(\`token.status.${status}\`)` uses every `token.status.*`).
// i18next plural forms (`_one`, `_other`) count as their base key.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = fileURLToPath(new URL('../packages/web/src', import.meta.url));
const LANGS = ['zh', 'en'] as const;
const PLURAL = /_(zero|one|two|few|many|other)$/;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.add(path.replace(PLURAL, ''));
    else flatten(value, path, out);
  }
  return out;
}

function files(dir: string, test: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, test);
    return test(name) ? [path] : [];
  });
}

const keys = Object.fromEntries(
  LANGS.map((lang) => {
    const set = new Set<string>();
    for (const file of files(join(web, 'locales', lang), (n) => n.endsWith('.json')))
      for (const key of flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree)) set.add(key);
    return [lang, set];
  }),
) as Record<(typeof LANGS)[number], Set<string>>;

const namespaces = new Set([...keys.zh, ...keys.en].map((key) => key.split('.')[0]));
const ns = [...namespaces].join('|');
const literal = new RegExp(`['"\`]((?:${ns})\\.[\\w.]+)['"\`]`, 'g');
const prefix = new RegExp(`\`((?:${ns})\\.[\\w.]*?)\\.?\\$\\{`, 'g');
const used = new Set<string>();
const prefixes = new Set<string>();
const sources = files(web, (n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n));
for (const file of sources) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(literal)) used.add(m[1]!.replace(PLURAL, ''));
  for (const m of text.matchAll(prefix)) prefixes.add(m[1]!);
}

const problems: string[] = [];
for (const [lang, other] of [
  ['zh', 'en'],
  ['en', 'zh'],
] as const)
  for (const key of keys[lang]) if (!keys[other].has(key)) problems.push(`missing in ${other}: ${key}`);
const isUsed = (key: string) => used.has(key) || [...prefixes].some((p) => key.startsWith(`${p}.`));
for (const key of new Set([...keys.zh, ...keys.en])) if (!isUsed(key)) problems.push(`unused: ${key}`);
const all = new Set([...keys.zh, ...keys.en]);
// A literal that names a whole subtree (as a comment might) is not a missing key.
const isDefined = (key: string) => all.has(key) || [...all].some((k) => k.startsWith(`${key}.`));
for (const key of used) if (!isDefined(key)) problems.push(`used but not defined: ${key}`);

if (problems.length) {
  console.error(
    `check-i18n: ${problems.length} problem(s) in ${relative(process.cwd(), join(web, 'locales'))}`,
  );
  for (const p of problems.sort()) console.error(`  ${p}`);
  process.exit(1);
}
console.log(`check-i18n: ${all.size} keys, complete in ${LANGS.join(' and ')}, all used.`);
