import {
  LogsResource,
  OptionsResource,
  PricingResource,
  ChannelModelsResource,
  PricingResponseSchema,
  type OptionEntry,
} from '@switchboard/sdk';
import { vi } from 'vitest';
import zh from '../../../locales/zh/system-setting.json';
import { settingKeys } from '../api/keys';
import { optionValues } from '../options/option-values';

/** The Chinese strings of the admin tabs, to find buttons and labels by what the admin reads. */
export const text = zh.options;

export const STORED_ENTRIES: OptionEntry[] = [
  { key: 'ModelRatio', value: '{"gpt-4o-mini":0.075,"gpt-4o":1.25}' },
  { key: 'ModelPrice', value: '{"dall-e-3":0.04}' },
  { key: 'CompletionRatio', value: '{}' },
  { key: 'GroupRatio', value: '{"default":1,"vip":0.5}' },
  { key: 'ServerAddress', value: 'https://gw.example.com' },
];
export const stored = optionValues(STORED_ENTRIES);

export const pricing = PricingResponseSchema.parse({
  success: true,
  data: [
    {
      model_name: 'gpt-4o-mini',
      quota_type: 0,
      model_ratio: 0.075,
      completion_ratio: 4,
      enable_groups: ['default', 'vip'],
    },
    {
      model_name: 'gpt-4o',
      quota_type: 0,
      model_ratio: 1.25,
      completion_ratio: 4,
      enable_groups: ['default'],
    },
    { model_name: 'dall-e-3', quota_type: 1, model_price: 0.04, enable_groups: ['default', 'vip'] },
  ],
  group_ratio: { default: 1, vip: 0.5 },
});

/** Query data every admin tab reads, so nothing is fetched. */
export const adminQueries: Array<[readonly unknown[], unknown]> = [
  [settingKeys.options, stored],
  [settingKeys.pricing, pricing],
  [settingKeys.enabledModels, ['gpt-4o-mini', 'gpt-4o', 'dall-e-3', 'new-model']],
];

/**
 * Records what the forms hand the SDK (the end-to-end test covers the HTTP behind it): the options the
 * server would store, and refetches that answer them.
 */
export function spySdk() {
  const saved: OptionEntry[][] = [];
  const updateMany = vi.spyOn(OptionsResource.prototype, 'updateMany').mockImplementation(async (entries) => {
    saved.push([...entries]);
  });
  vi.spyOn(OptionsResource.prototype, 'list').mockResolvedValue(STORED_ENTRIES);
  vi.spyOn(PricingResource.prototype, 'get').mockResolvedValue(pricing);
  vi.spyOn(ChannelModelsResource.prototype, 'enabled').mockResolvedValue(['gpt-4o-mini']);
  const clearLogs = vi.spyOn(LogsResource.prototype, 'delete').mockResolvedValue(42);
  return { saved, updateMany, clearLogs };
}
