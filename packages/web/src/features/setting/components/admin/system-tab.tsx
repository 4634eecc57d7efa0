import { SYSTEM_SECTIONS } from '../../options/system-sections';
import { OptionSection } from './option-section';
import { OptionsTab } from './options-tab';

/** System settings: address, proxy, payment, logins, email rules, SMTP and the OAuth providers. */
export function SystemTab() {
  return (
    <OptionsTab>
      {(stored) => SYSTEM_SECTIONS.map((spec) => <OptionSection key={spec.id} spec={spec} stored={stored} />)}
    </OptionsTab>
  );
}
