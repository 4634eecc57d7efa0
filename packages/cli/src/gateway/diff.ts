import { byText } from '../core/format.js';
import type { Channel, OptionEntry } from '@switchboard/sdk';
import { CliError, ExitCode, usageError } from '../core/errors.js';
import { canonical, type ChannelSpec, type GatewayDoc } from './document.js';
import {
  CHANNEL_FIELDS,
  channelToSpec,
  fieldValue,
  optionComparable,
  optionToDoc,
  userBudgets,
} from './normalize.js';
import type { Change, FieldChange, Plan } from './plan-types.js';
import { resolveKeyRef } from './secrets.js';
import { sha256, type Snapshot } from './snapshot.js';

export interface DiffOptions {
  prune: boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** The gateway file's path; `${file:…}` references resolve beside it. */
  file: string;
  /** With --restrict-file-refs: the folder `${file:…}` references must stay inside. */
  fileRoot?: string | undefined;
  server: string;
  /** Reads a channel's current key; undefined when the caller may not (only root can). */
  revealKey(id: number): Promise<string | undefined>;
}

const JSON_FIELDS = new Set(['model_mapping', 'status_code_mapping', 'setting']);

/** Compares the document with the server and lists every create, change and delete, field by field. */
export async function computePlan(doc: GatewayDoc, snap: Snapshot, opts: DiffOptions): Promise<Plan> {
  const byName = new Map<string, Channel[]>();
  for (const c of snap.channels) byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
  const changes: Change[] = [];
  for (const spec of doc.channels) {
    const matches = byName.get(spec.name) ?? [];
    if (matches.length > 1)
      throw new CliError(
        `The server has ${matches.length} channels named "${spec.name}" (ids ${matches.map((c) => c.id).join(', ')}); rename all but one first`,
        ExitCode.Conflict,
        `swb channels update ${matches[1]!.id} --name ${spec.name}-${matches[1]!.id}`,
      );
    const current = matches[0];
    if (!current) changes.push(await createChange(spec, opts));
    else {
      const change = await updateChange(spec, current, opts);
      if (change) changes.push(change);
    }
  }
  const names = new Set(doc.channels.map((c) => c.name));
  const absent = snap.channels
    .filter((c) => !names.has(c.name))
    .sort((a, b) => byText(a.name, b.name) || a.id - b.id);
  if (opts.prune)
    for (const c of absent)
      changes.push({ kind: 'channel', action: 'delete', name: c.name, id: c.id, fields: [] });
  changes.push(...optionChanges(doc, snap.options));
  changes.push(...budgetChanges(doc, snap));
  return {
    format: 'swb-plan',
    version: 1,
    server: opts.server,
    file: opts.file,
    created_at: new Date().toISOString(),
    baseline: snap.digest,
    prune: opts.prune,
    changes,
    kept: opts.prune ? [] : absent.map((c) => c.name),
  };
}

async function createChange(spec: ChannelSpec, opts: DiffOptions): Promise<Change> {
  if (!spec.key)
    throw usageError(`channel "${spec.name}" is new, so it needs key: \${env:NAME} or \${file:path}`);
  if (!spec.models?.length) throw usageError(`channel "${spec.name}" is new, so it needs models`);
  const value = await resolveKeyRef(spec.key, opts.env, opts.file, opts.fileRoot);
  const fields: FieldChange[] = [];
  for (const field of CHANNEL_FIELDS) if (spec[field] !== undefined) fields.push({ field, to: spec[field] });
  return {
    kind: 'channel',
    action: 'create',
    name: spec.name,
    fields,
    key: { ref: spec.key, reason: 'new channel', digest: sha256(value) },
    spec,
  };
}

async function updateChange(
  spec: ChannelSpec,
  current: Channel,
  opts: DiffOptions,
): Promise<Change | undefined> {
  const now = channelToSpec(current) as Record<string, unknown>;
  const fields: FieldChange[] = [];
  for (const field of CHANNEL_FIELDS) {
    const wanted = spec[field];
    if (wanted === undefined) continue;
    const have = now[field] ?? (JSON_FIELDS.has(field) ? {} : '');
    if (field === 'status') {
      // "disabled" and "auto-disabled" both mean not serving; only enabled vs not is managed.
      if ((wanted === 'enabled') === (have === 'enabled')) continue;
    } else if (fieldValue(field, wanted) === fieldValue(field, have)) continue;
    fields.push({ field, from: have, to: wanted });
  }
  let key: Change['key'];
  if (spec.key) {
    const value = await resolveKeyRef(spec.key, opts.env, opts.file, opts.fileRoot);
    const server = await opts.revealKey(current.id);
    if (server === undefined)
      key = {
        ref: spec.key,
        reason: 'the server’s key cannot be read to compare (that needs root)',
        digest: sha256(value),
      };
    else if (server.trim() !== value)
      key = {
        ref: spec.key,
        reason: `the value of ${spec.key} differs from the server’s key`,
        digest: sha256(value),
      };
  }
  if (!fields.length && !key) return undefined;
  return {
    kind: 'channel',
    action: 'update',
    name: spec.name,
    id: current.id,
    fields,
    ...(key ? { key } : {}),
  };
}

function optionChanges(doc: GatewayDoc, options: readonly OptionEntry[]): Change[] {
  const server = new Map(options.map((o) => [o.key, o.value]));
  const out: Change[] = [];
  for (const key of Object.keys(doc.options).sort()) {
    const wanted = doc.options[key];
    const have = server.get(key);
    if (have !== undefined && optionComparable(key, have) === optionComparable(key, wanted)) continue;
    out.push({
      kind: 'option',
      action: 'update',
      name: key,
      fields: [{ field: key, from: have === undefined ? undefined : optionToDoc(key, have), to: wanted }],
    });
  }
  for (const key of Object.keys(doc.pricing).sort()) {
    const wanted = doc.pricing[key as keyof typeof doc.pricing] ?? {};
    const haveText = server.get(key);
    const have = (haveText === undefined ? {} : optionToDoc(key, haveText)) as Record<string, unknown>;
    const haveMap = typeof have === 'object' && have !== null ? have : {};
    const fields: FieldChange[] = [];
    for (const entry of [...new Set([...Object.keys(haveMap), ...Object.keys(wanted)])].sort()) {
      if (canonical(haveMap[entry]) === canonical(wanted[entry])) continue;
      fields.push({ field: entry, from: haveMap[entry], to: wanted[entry] });
    }
    if (fields.length) out.push({ kind: 'pricing', action: 'update', name: key, fields });
  }
  return out;
}

/** Users' budgets the file sets differently from the server; a user the server lacks is an error. */
function budgetChanges(doc: GatewayDoc, snap: Snapshot): Change[] {
  const current = userBudgets(snap.users);
  const changes: Change[] = [];
  for (const [username, want] of Object.entries(doc.budgets.users).sort((a, b) => byText(a[0], b[0]))) {
    const user = snap.users.find((u) => u.username === username && !u.DeletedAt);
    if (!user) throw usageError(`budgets.users.${username}: no such user on the server`);
    const have = current[username] ?? { period: '', period_quota: 0, period_requests: 0 };
    const fields: FieldChange[] = [];
    for (const f of ['period', 'period_quota', 'period_requests'] as const)
      if (have[f] !== want[f]) fields.push({ field: f, from: have[f], to: want[f] });
    if (fields.length)
      changes.push({ kind: 'budget', action: 'update', name: username, id: user.id, fields });
  }
  return changes;
}
