export const chatKeys = { enabledKey: ['chat', 'enabled-key'] as const };
