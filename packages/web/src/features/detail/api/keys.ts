export const detailKeys = {
  usage: (start: number, end: number) => ['usage', start, end] as const,
};
