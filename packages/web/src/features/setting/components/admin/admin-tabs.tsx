import { ModelsTab } from './models-tab';
import { OperationTab } from './operation-tab';
import { OtherTab } from './other-tab';
import { RateLimitTab } from './ratelimit-tab';
import { SystemTab } from './system-tab';

/** The admin tabs of /setting by their `?tab=` value, in new-api's order. */
export const ADMIN_TABS = {
  operation: OperationTab,
  ratelimit: RateLimitTab,
  models: ModelsTab,
  system: SystemTab,
  other: OtherTab,
} as const;

export type AdminTab = keyof typeof ADMIN_TABS;
