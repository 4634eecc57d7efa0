export const pricingKeys = { all: ['pricing'] as const };
