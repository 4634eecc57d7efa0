import { ChannelStatus, splitList, type Channel } from '@switchboard/sdk';

/** A tag's summary row in tag mode: aggregates of its channels, which show beneath it when expanded. */
export interface TagRow {
  kind: 'tag';
  id: string;
  tag: string;
  channels: Channel[];
  /** Enabled when any member is. */
  status: number;
  group: string;
  used_quota: number;
  balance: number;
  response_time: number;
  /** The members' common value, or null when they differ. */
  priority: number | null;
  weight: number | null;
}

export interface ChannelRow {
  kind: 'channel';
  id: number;
  channel: Channel;
  /** The tag it is listed under in tag mode (an expanded member row). */
  parentTag?: string;
}

export type ListRow = TagRow | ChannelRow;

export const tagRowId = (tag: string) => `tag:${tag}`;

/** The common value of a field, or null when the channels differ. */
function common(values: number[]): number | null {
  return values.every((v) => v === values[0]) ? (values[0] ?? null) : null;
}

/**
 * The response time new-api shows for a tag: each member's time halves the running value before it is
 * added (spec §4 "averages by halving"), so later members weigh more. Kept as new-api does it.
 */
export function tagResponseTime(channels: readonly Channel[]): number {
  return channels.reduce((acc, c) => (acc + c.response_time) / 2, 0);
}

export function summariseTag(tag: string, channels: Channel[]): TagRow {
  const groups = [...new Set(channels.flatMap((c) => splitList(c.group)))];
  return {
    kind: 'tag',
    id: tagRowId(tag),
    tag,
    channels,
    status: channels.some((c) => c.status === ChannelStatus.Enabled)
      ? ChannelStatus.Enabled
      : ChannelStatus.ManuallyDisabled,
    group: groups.join(','),
    used_quota: channels.reduce((sum, c) => sum + c.used_quota, 0),
    balance: channels.reduce((sum, c) => sum + c.balance, 0),
    response_time: tagResponseTime(channels),
    priority: common(channels.map((c) => c.priority)),
    weight: common(channels.map((c) => c.weight)),
  };
}

/** Rows of the list: channels as they come, or in tag mode one row per tag plus untagged channels. */
export function toListRows(channels: readonly Channel[], tagMode: boolean): ListRow[] {
  if (!tagMode) return channels.map((channel) => ({ kind: 'channel', id: channel.id, channel }));
  const rows: ListRow[] = [];
  const tags = new Map<string, Channel[]>();
  for (const channel of channels) {
    if (!channel.tag) {
      rows.push({ kind: 'channel', id: channel.id, channel });
      continue;
    }
    let members = tags.get(channel.tag);
    if (!members) {
      members = [];
      tags.set(channel.tag, members);
      rows.push({ kind: 'tag', id: tagRowId(channel.tag) } as TagRow);
    }
    members.push(channel);
  }
  return rows.map((row) =>
    row.kind === 'tag' ? summariseTag(row.id.slice(4), tags.get(row.id.slice(4))!) : row,
  );
}

/** The rows to draw: each expanded tag followed by its channels. */
export function withExpanded(rows: readonly ListRow[], expanded: ReadonlySet<string>): ListRow[] {
  return rows.flatMap((row) =>
    row.kind === 'tag' && expanded.has(row.tag)
      ? [
          row,
          ...row.channels.map((channel): ChannelRow => ({
            kind: 'channel',
            id: channel.id,
            channel,
            parentTag: row.tag,
          })),
        ]
      : [row],
  );
}
