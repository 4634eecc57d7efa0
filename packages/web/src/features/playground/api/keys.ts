export const playgroundKeys = {
  models: ['playground', 'models'] as const,
  groups: ['playground', 'groups'] as const,
};
