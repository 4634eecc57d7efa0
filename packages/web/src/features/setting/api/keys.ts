export const settingKeys = {
  self: ['self'] as const,
};
