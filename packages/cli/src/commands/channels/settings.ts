import type { OptionDef } from '../../core/command.js';

/** Flags `channels create` and `channels update` both take (each adds its own). */
export interface ChannelFieldOpts {
  type?: string;
  name?: string;
  key?: string;
  keyFile?: string;
  models?: string;
  group?: string;
  baseUrl?: string;
  priority?: string;
  weight?: string;
  tag?: string;
  testModel?: string;
  modelMapping?: string;
}

// `channels create` and `channels update` list these flags with the same help; keep them here so they stay so.

/** Where a channel sends requests and how it ranks among the others. */
export const ROUTING_OPTIONS: readonly OptionDef[] = [
  { flags: '--base-url <url>', description: 'upstream base URL' },
  { flags: '--priority <n>', description: 'priority tier' },
  { flags: '--weight <n>', description: 'weight within the tier' },
];

/** How a channel names and tests models. */
export const MODEL_OPTIONS: readonly OptionDef[] = [
  { flags: '--test-model <model>', description: 'model used by channel tests' },
  { flags: '--model-mapping <json>', description: 'JSON object of requested → upstream model names' },
];

/** Flag → API field of the optional settings both verbs send only when given. */
export const SETTING_FIELDS = {
  baseUrl: 'base_url',
  priority: 'priority',
  weight: 'weight',
  tag: 'tag',
  testModel: 'test_model',
  modelMapping: 'model_mapping',
} as const;
