import { usageError } from './errors.js';

/**
 * The API fields for the flags that were given: `definedFields(opts, { baseUrl: 'base_url' })` is
 * `{ base_url: opts.baseUrl }` when `--base-url` was passed and `{}` otherwise. Fields come out in the
 * order of `names`, so a request body reads as it did when it was spelled out by hand.
 */
export function definedFields<O extends object>(
  opts: O,
  names: Partial<Record<keyof O & string, string>>,
): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [flag, field] of Object.entries(names) as [keyof O & string, string][]) {
    const value = opts[flag];
    if (value !== undefined) fields[field] = value;
  }
  return fields;
}

/** An update that names no field is a usage error (exit 2), never an empty request. */
export function assertChanges(changes: object): void {
  if (Object.keys(changes).length === 0) throw usageError('Nothing to change: pass at least one field flag.');
}
