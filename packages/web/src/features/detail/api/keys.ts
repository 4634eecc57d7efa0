export const detailKeys = {
  usage: (start: number, end: number) => ['usage', start, end] as const,
  adminUsage: (start: number, end: number, username: string) =>
    ['usage', 'admin', start, end, username] as const,
  channelStat: (channel: number, start: number, end: number) =>
    ['usage', 'channel', channel, start, end] as const,
};
