export interface ChannelListQuery {
  page: number;
  pageSize: number;
  keyword: string;
  group: string;
  model: string;
  idSort: boolean;
  tagMode: boolean;
}

export const channelKeys = {
  all: ['channels'] as const,
  list: (q: ChannelListQuery) => ['channels', 'list', q] as const,
  one: (id: number) => ['channels', 'one', id] as const,
  catalogue: ['channels', 'catalogue'] as const,
  byType: ['channels', 'models-by-type'] as const,
  enabledModels: ['channels', 'enabled-models'] as const,
  groups: ['channels', 'groups'] as const,
  disabledPreview: ['channels', 'disabled-preview'] as const,
};
