import type { Context } from '../core/context.js';
import { CliError, ExitCode, toCliError } from '../core/errors.js';
import type { ChannelSpec } from './document.js';
import { optionToServer } from './normalize.js';
import type { Change, FieldChange, Plan } from './plan-types.js';
import { resolveKeyRef } from './secrets.js';
import { sha256 } from './snapshot.js';

/** One object's outcome, as `apply` reports it. */
export interface Outcome {
  kind: Change['kind'];
  action: Change['action'];
  name: string;
  id?: number;
  result: 'ok' | 'failed' | 'skipped';
  message?: string;
}

/** A channel field as the SDK's create/update params take it. */
function toParam(field: string, value: unknown): unknown {
  if (field === 'models' || field === 'group') return (value as string[]).join(',');
  if (field === 'status') return value === 'enabled' ? 1 : 2;
  if (['model_mapping', 'status_code_mapping', 'setting'].includes(field))
    return typeof value === 'string' ? value : JSON.stringify(value);
  return value;
}

function params(fields: readonly FieldChange[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f.field, toParam(f.field, f.to)]));
}

/**
 * Applies the changes in order (options and pricing, then creates, changes, deletes), stopping at the
 * first failure; the rest are reported as skipped. Keys are resolved again here and must match the
 * plan's digests, so a reference whose value changed since the plan makes the plan stale. `fileRoot`
 * confines `${file:…}` references (--restrict-file-refs).
 */
export async function executePlan(plan: Plan, ctx: Context, fileRoot?: string): Promise<Outcome[]> {
  const keys = new Map<Change, string>();
  for (const ch of plan.changes) {
    if (!ch.key) continue;
    const value = await resolveKeyRef(ch.key.ref, ctx.io.env, plan.file, fileRoot);
    if (sha256(value) !== ch.key.digest)
      throw new CliError(
        `The value of ${ch.key.ref} changed since the plan was made.`,
        ExitCode.Conflict,
        'swb plan',
      );
    keys.set(ch, value);
  }
  const client = ctx.client();
  const order = { option: 0, pricing: 0, channel: 1, budget: 2 } as const;
  const rank = { create: 0, update: 1, delete: 2 } as const;
  const sorted = [...plan.changes].sort(
    (a, b) => order[a.kind] - order[b.kind] || rank[a.action] - rank[b.action],
  );
  const outcomes: Outcome[] = [];
  let failed = false;
  for (const ch of sorted) {
    const base = { kind: ch.kind, action: ch.action, name: ch.name, ...(ch.id ? { id: ch.id } : {}) };
    if (failed) {
      outcomes.push({ ...base, result: 'skipped' });
      continue;
    }
    try {
      await applyOne(ch, keys.get(ch), ctx, client);
      outcomes.push({ ...base, result: 'ok' });
    } catch (error) {
      failed = true;
      outcomes.push({ ...base, result: 'failed', message: toCliError(error).message });
    }
  }
  return outcomes;
}

async function applyOne(
  ch: Change,
  key: string | undefined,
  ctx: Context,
  client: ReturnType<Context['client']>,
) {
  if (ch.kind === 'budget')
    return client.users.update(
      ch.id!,
      Object.fromEntries(ch.fields.map((f) => [f.field, f.to])) as never,
      ctx.req,
    );
  if (ch.kind === 'option') return client.options.update(ch.name, optionToServer(ch.fields[0]!.to), ctx.req);
  if (ch.kind === 'pricing') {
    const current = (await client.options.list(ctx.req)).find((o) => o.key === ch.name)?.value;
    const map = { ...(current ? (JSON.parse(current) as Record<string, unknown>) : {}) };
    for (const f of ch.fields) {
      if (f.to === undefined) delete map[f.field];
      else map[f.field] = f.to;
    }
    return client.options.update(ch.name, JSON.stringify(map), ctx.req);
  }
  if (ch.action === 'delete') return client.channels.delete(ch.id!, ctx.req);
  if (ch.action === 'update')
    return client.channels.update(
      ch.id!,
      { ...params(ch.fields), ...(key ? { key } : {}) } as never,
      ctx.req,
    );
  const spec = ch.spec as ChannelSpec;
  const { status, ...rest } = params(ch.fields);
  await client.channels.create({ name: spec.name, ...rest, key: key! } as never, ctx.req);
  if (status === 2) {
    // Creation always enables; find the new channel by name to apply the wanted status.
    const found = await client.channels
      .search({ keyword: spec.name }, ctx.req)
      .then((p) => p.toArray({ limit: 1000 }));
    const created = found.filter((c) => c.name === spec.name).sort((a, b) => b.id - a.id)[0];
    if (created) await client.channels.updateStatus(created.id, 2, ctx.req);
  }
}
