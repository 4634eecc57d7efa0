import { ChannelStatus, splitList } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import type { ChannelConfig } from '../providers/types.js';

/** A channel as the relay uses it: the adapter's config plus routing and error-handling settings. */
export interface RelayChannel extends ChannelConfig {
  name: string;
  status: number;
  priority: number;
  weight: number;
  autoBan: boolean;
  /** Requested model → upstream model (model_mapping JSON). */
  modelMapping: Readonly<Record<string, string>>;
  /** Upstream status → status reported (status_code_mapping JSON), e.g. {"429": "500"}. */
  statusCodeMapping: Readonly<Record<string, string>>;
}

type Tier = RelayChannel[];

function jsonObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

const stringMap = (text: string): Record<string, string> =>
  Object.fromEntries(Object.entries(jsonObject(text)).map(([k, v]) => [k, String(v)]));

/**
 * group → model → priority tiers (highest first) of enabled channels, kept in memory and rebuilt the moment a
 * channel changes, so choosing a channel costs no database read.
 */
export class ChannelIndex {
  private index = new Map<string, Map<string, Tier[]>>();
  private byId = new Map<number, RelayChannel>();
  private loading: Promise<void> | undefined;
  private stale = true;

  constructor(
    private readonly ctx: AppContext,
    private readonly random: () => number = Math.random,
  ) {
    ctx.events.on('channels', () => {
      this.stale = true;
    });
  }

  /**
   * Rebuilds from the database when a change was announced; concurrent callers share one load, and callers
   * during a load wait for it. Undefined when the index is current, which is every request but the first after a
   * change: nothing to await.
   */
  ready(): Promise<void> | undefined {
    // A load under way is waited for: the index is the old one (or empty, at start) until it lands.
    if (this.loading) return this.loading;
    if (!this.stale) return undefined;
    return (this.loading = this.load().finally(() => (this.loading = undefined)));
  }

  private async load(): Promise<void> {
    this.stale = false;
    const rows = await this.ctx.db.selectFrom('channels').selectAll().execute();
    const index = new Map<string, Map<string, Tier[]>>();
    const byId = new Map<number, RelayChannel>();
    for (const row of rows) {
      const channel: RelayChannel = {
        id: row.id,
        type: row.type,
        key: this.ctx.secrets.open(row.key),
        baseUrl: row.base_url.replace(/\/+$/, ''),
        other: row.other,
        organization: row.openai_organization,
        setting: jsonObject(row.setting),
        name: row.name,
        status: row.status,
        priority: Number(row.priority),
        weight: Number(row.weight),
        autoBan: Number(row.auto_ban) === 1,
        modelMapping: stringMap(row.model_mapping),
        statusCodeMapping: stringMap(row.status_code_mapping),
      };
      byId.set(channel.id, channel);
      if (row.status !== ChannelStatus.Enabled) continue;
      for (const group of new Set(splitList(row.group))) {
        const models = index.get(group) ?? new Map<string, Tier[]>();
        index.set(group, models);
        for (const model of new Set(splitList(row.models))) {
          const tiers = models.get(model) ?? [];
          models.set(model, tiers);
          const tier = tiers.find((t) => t[0]!.priority === channel.priority);
          if (tier) tier.push(channel);
          else tiers.push([channel]);
        }
      }
    }
    for (const models of index.values()) {
      for (const tiers of models.values()) tiers.sort((a, b) => b[0]!.priority - a[0]!.priority);
    }
    this.index = index;
    this.byId = byId;
  }

  /** Any channel by id, enabled or not (for pins and status checks). */
  get(id: number): RelayChannel | undefined {
    return this.byId.get(id);
  }

  /** Whether any enabled channel serves the model in the group. */
  serves(group: string, model: string): boolean {
    return (this.index.get(group)?.get(model)?.length ?? 0) > 0;
  }

  /** Distinct models with an enabled channel in any of the groups. */
  models(groups: readonly string[]): string[] {
    const all = new Set<string>();
    for (const g of groups) for (const m of this.index.get(g)?.keys() ?? []) all.add(m);
    return [...all].sort();
  }

  /**
   * The next channel to try: the highest priority tier that still has an untried channel, then a weighted
   * random pick inside it (weight + 10, as new-api, so weight 0 still gets traffic). Never a tried channel.
   */
  pick(
    group: string,
    model: string,
    tried: readonly number[],
    accept: (channel: RelayChannel) => boolean = () => true,
  ): RelayChannel | undefined {
    for (const tier of this.index.get(group)?.get(model) ?? []) {
      const candidates = tier.filter((c) => !tried.includes(c.id) && accept(c));
      if (candidates.length === 0) continue;
      const total = candidates.reduce((sum, c) => sum + c.weight + 10, 0);
      let r = this.random() * total;
      for (const c of candidates) {
        r -= c.weight + 10;
        if (r < 0) return c;
      }
      return candidates[candidates.length - 1];
    }
    return undefined;
  }
}
