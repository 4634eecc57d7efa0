export const settingKeys = {
  self: ['self'] as const,
  options: ['setting', 'options'] as const,
  pricing: ['setting', 'pricing'] as const,
  enabledModels: ['setting', 'enabled-models'] as const,
  telegramBindNonce: ['setting', 'telegram-bind-nonce'] as const,
};

/**
 * Keys of other screens whose data an option change alters: the public status (site name, footer, toggles)
 * and the pricing page. Keep in sync with lib/status.ts and features/pricing/api/keys.ts.
 */
export const optionDependentKeys = [['status'], ['pricing']] as const;
