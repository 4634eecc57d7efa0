/**
 * A model's entry in a per-model option map (`CompletionRatio`, `CacheRatio`, `CreateCacheRatio`): the exact
 * name first, else the longest `prefix*` key the name starts with (so `gpt-4-gizmo-*` prices every
 * `gpt-4-gizmo-…` model, as new-api does); undefined when none fits. A `*` anywhere but at the end is literal.
 */
export function lookupModelRatio(
  configured: Readonly<Record<string, number>>,
  model: string,
): number | undefined {
  // Own keys only: a model named "constructor" must not read Object.prototype.
  if (Object.hasOwn(configured, model) && typeof configured[model] === 'number') return configured[model];
  let best: { length: number; ratio: number } | undefined;
  for (const [key, ratio] of Object.entries(configured)) {
    if (!key.endsWith('*') || typeof ratio !== 'number') continue;
    const prefix = key.slice(0, -1);
    if (model.startsWith(prefix) && (!best || prefix.length > best.length))
      best = { length: prefix.length, ratio };
  }
  return best?.ratio;
}
