import { byText } from '../core/format.js';
import { optionType, parseJson, type Channel, type OptionEntry, type User } from '@switchboard/sdk';
import {
  ChannelSpecSchema,
  PRICING_KEYS,
  sortKeys,
  type ChannelSpec,
  type GatewayDoc,
  type UserBudget,
} from './document.js';

const STATUS = { 1: 'enabled', 2: 'disabled', 3: 'auto-disabled' } as const;

/** A channel field the file manages (the name identifies the channel; the key is compared apart). */
export type ChannelField = Exclude<keyof ChannelSpec, 'name' | 'key'>;

/** Managed channel fields, in the order the file and the plan show them: the file schema's own order. */
export const CHANNEL_FIELDS = Object.keys(ChannelSpecSchema.shape).filter(
  (field): field is ChannelField => field !== 'name' && field !== 'key',
);

function jsonText(text: string): Record<string, unknown> | string {
  if (!text.trim()) return {};
  const parsed = parseJson(text);
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (sortKeys(parsed) as Record<string, unknown>)
    : text;
}

/** A server channel as a file entry (without its key); empty fields are left out for readability. */
export function channelToSpec(c: Channel): ChannelSpec {
  const spec: Record<string, unknown> = {
    name: c.name,
    type: c.type,
    status: STATUS[c.status as 1] ?? 'enabled',
    models: c.models
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    group: c.group
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    priority: c.priority,
    weight: c.weight,
    auto_ban: c.auto_ban === 1,
  };
  const optional: [keyof Channel, unknown][] = [
    ['base_url', c.base_url],
    ['tag', c.tag],
    ['test_model', c.test_model],
    ['model_mapping', jsonText(c.model_mapping)],
    ['status_code_mapping', jsonText(c.status_code_mapping)],
    ['setting', jsonText(c.setting)],
    ['other', c.other],
    ['openai_organization', c.openai_organization],
  ];
  for (const [k, v] of optional) {
    const empty = v === '' || (typeof v === 'object' && v !== null && Object.keys(v).length === 0);
    if (!empty) spec[k] = v;
  }
  return spec as ChannelSpec;
}

/** A field's value in comparable form (strings, numbers, canonical JSON). */
export function fieldValue(field: ChannelField, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (field === 'models' || field === 'group') return (value as string[]).join(',');
  if (field === 'model_mapping' || field === 'status_code_mapping' || field === 'setting') {
    const obj = typeof value === 'string' ? jsonText(value) : value;
    return typeof obj === 'string' ? obj : JSON.stringify(sortKeys(obj));
  }
  return value;
}

/** An option value as the file shows it: booleans, numbers and parsed JSON where the key's type says so. */
export function optionToDoc(key: string, value: string): unknown {
  const type = optionType(key);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (
    type === 'number' &&
    value.trim() !== '' &&
    Number.isFinite(Number(value)) &&
    String(Number(value)) === value
  )
    return Number(value);
  if (type === 'json' && value.trim()) {
    const parsed = parseJson(value);
    if (parsed !== undefined && typeof parsed === 'object' && parsed !== null) return sortKeys(parsed);
  }
  return value;
}

/** An option value as the server stores it (text). */
export function optionToServer(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** Comparable form of an option value from either side. */
export function optionComparable(key: string, value: unknown): string {
  const doc = typeof value === 'string' ? optionToDoc(key, value) : value;
  return JSON.stringify(sortKeys(doc));
}

/** The server's state as a gateway document, stable in order (channels by name, keys sorted). */
export function serverToDoc(
  channels: readonly Channel[],
  options: readonly OptionEntry[],
  users: readonly User[] = [],
): GatewayDoc {
  const pricing: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const { key, value } of [...options].sort((a, b) => byText(a.key, b.key))) {
    if ((PRICING_KEYS as readonly string[]).includes(key)) {
      const parsed = optionToDoc(key, value);
      pricing[key] = typeof parsed === 'object' ? parsed : {};
    } else rest[key] = optionToDoc(key, value);
  }
  return {
    version: 1,
    channels: [...channels].sort((a, b) => byText(a.name, b.name) || a.id - b.id).map(channelToSpec),
    options: rest as GatewayDoc['options'],
    pricing: pricing as GatewayDoc['pricing'],
    budgets: { users: userBudgets(users) },
  };
}

/** The budgets users carry, by username (users without one are left out). */
export function userBudgets(users: readonly User[]): Record<string, UserBudget> {
  const out: Record<string, UserBudget> = {};
  for (const u of [...users].sort((a, b) => byText(a.username, b.username)))
    if (u.period && !u.DeletedAt)
      out[u.username] = {
        period: u.period as UserBudget['period'],
        period_quota: u.period_quota,
        period_requests: u.period_requests,
      };
  return out;
}
