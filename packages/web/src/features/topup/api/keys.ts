export const topupKeys = {
  self: ['self'] as const,
  affCode: ['self', 'aff-code'] as const,
};
