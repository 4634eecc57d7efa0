export const detailKeys = {
  usage: (start: number, end: number) => ['usage', start, end] as const,
  adminUsage: (start: number, end: number, username: string) =>
    ['usage', 'admin', start, end, username] as const,
  byUser: (start: number, end: number) => ['usage', 'by-user', start, end] as const,
  byChannel: (start: number, end: number) => ['usage', 'by-channel', start, end] as const,
};
