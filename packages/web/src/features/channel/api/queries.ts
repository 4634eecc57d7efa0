import type { Channel } from '@switchboard/sdk';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { sdk } from '../../../lib/sdk';
import { toListRows, type ListRow } from '../lib/tag-rows';
import { channelKeys, type ChannelListQuery } from './keys';

export interface ChannelPage {
  rows: ListRow[];
  /** Every channel on the page (tag members included), for selection and bulk actions. */
  channels: Channel[];
  hasNext: boolean;
  total: number | undefined;
}

/**
 * One page of channels, or of tag rows in tag mode. A keyword, group or model filter uses the search
 * endpoint, which new-api answers unpaged, so its matches are paged here.
 */
export function useChannels(q: ChannelListQuery) {
  return useQuery({
    queryKey: channelKeys.list(q),
    queryFn: async (): Promise<ChannelPage> => {
      const client = await sdk();
      const flags = { id_sort: q.idSort, tag_mode: q.tagMode };
      if (q.keyword || q.group || q.model) {
        const found = await client.channels.search({
          keyword: q.keyword,
          group: q.group,
          model: q.model,
          ...flags,
        });
        const all = toListRows(found.items, q.tagMode);
        const rows = all.slice((q.page - 1) * q.pageSize, q.page * q.pageSize);
        return {
          rows,
          channels: channelsOf(rows),
          hasNext: q.page * q.pageSize < all.length,
          total: all.length,
        };
      }
      const page = await client.channels.list({ page: q.page, pageSize: q.pageSize, ...flags });
      const rows = toListRows(page.items, q.tagMode);
      // In tag mode the answer holds every channel of the page's tag rows, so a full page is counted in rows.
      const hasNext = q.tagMode ? rows.length >= q.pageSize : page.hasNextPage();
      return { rows, channels: page.items, hasNext, total: page.total };
    },
    placeholderData: keepPreviousData,
  });
}

function channelsOf(rows: ListRow[]): Channel[] {
  return rows.flatMap((row) => (row.kind === 'tag' ? row.channels : [row.channel]));
}

export function useChannel(id: number | undefined) {
  return useQuery({
    queryKey: channelKeys.one(id ?? 0),
    queryFn: async () => (await sdk()).channels.get(id!),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** The full catalogue (`/api/channel/models`), for "fill all models" and the picker's options. */
export function useCatalogue() {
  return useQuery({
    queryKey: channelKeys.catalogue,
    queryFn: async () => (await (await sdk()).channels.models.list()).map((m) => m.id),
    staleTime: 10 * 60_000,
  });
}

/** Built-in models by channel type (`/api/models`), for "fill related models". */
export function useModelsByType() {
  return useQuery({
    queryKey: channelKeys.byType,
    queryFn: async () => (await sdk()).models.list(),
    staleTime: 10 * 60_000,
  });
}

export function useEnabledModels() {
  return useQuery({
    queryKey: channelKeys.enabledModels,
    queryFn: async () => (await sdk()).channels.models.enabled(),
    staleTime: 60_000,
  });
}

export function useGroups() {
  return useQuery({
    queryKey: channelKeys.groups,
    queryFn: async () => (await sdk()).groups.list(),
    staleTime: 5 * 60_000,
  });
}
