import { RATE_LIMIT_SECTION } from '../../options/model-sections';
import { OptionSection } from './option-section';
import { OptionsTab } from './options-tab';

/** Per-user model request rate limit. */
export function RateLimitTab() {
  return <OptionsTab>{(stored) => <OptionSection spec={RATE_LIMIT_SECTION} stored={stored} />}</OptionsTab>;
}
