/** A number the map itself holds under `key`: a model named `constructor` must not read Object.prototype. */
export function ownRatio(configured: Readonly<Record<string, number>>, key: string): number | undefined {
  return Object.hasOwn(configured, key) && typeof configured[key] === 'number' ? configured[key] : undefined;
}

/**
 * A model's entry in a per-model option map (`CompletionRatio`, `CacheRatio`, `CreateCacheRatio`): the exact
 * name first, else the longest `prefix*` key the name starts with (so `gpt-4-gizmo-*` prices every
 * `gpt-4-gizmo-…` model, as new-api does); undefined when none fits. A `*` anywhere but at the end is literal.
 */
export function lookupModelRatio(
  configured: Readonly<Record<string, number>>,
  model: string,
): number | undefined {
  const exact = ownRatio(configured, model);
  if (exact !== undefined) return exact;
  let best: { length: number; ratio: number } | undefined;
  for (const [key, ratio] of Object.entries(configured)) {
    if (!key.endsWith('*') || typeof ratio !== 'number') continue;
    const prefix = key.slice(0, -1);
    if (model.startsWith(prefix) && (!best || prefix.length > best.length))
      best = { length: prefix.length, ratio };
  }
  return best?.ratio;
}
