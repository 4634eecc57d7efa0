/**
 * Same-format pass-through answers keep the upstream's bytes, except the model name: the client sees the name it
 * asked for, so model_mapping stays invisible, as it is on converted answers.
 */

/**
 * `text` (a JSON object, `parsed` when already parsed) with the string at `path` replaced by `name`. The text
 * comes back untouched when it already says `name`, has no such field, or is not JSON.
 */
export function renameModel(text: string, path: readonly string[], name: string, parsed?: unknown): string {
  let root = parsed;
  if (root === undefined) {
    try {
      root = JSON.parse(text);
    } catch {
      return text;
    }
  }
  let holder = root;
  for (const key of path.slice(0, -1)) holder = (holder as Record<string, unknown> | null)?.[key];
  const field = path.at(-1)!;
  if (!holder || typeof holder !== 'object') return text;
  const record = holder as Record<string, unknown>;
  if (typeof record[field] !== 'string' || record[field] === name) return text;
  record[field] = name;
  return JSON.stringify(root);
}
