import { OTHER_SECTIONS } from '../../options/other-sections';
import { OptionSection } from './option-section';
import { OptionsTab } from './options-tab';

/** Site content: notice, name, logo, home page, about and footer. */
export function OtherTab() {
  return (
    <OptionsTab>
      {(stored) => OTHER_SECTIONS.map((spec) => <OptionSection key={spec.id} spec={spec} stored={stored} />)}
    </OptionsTab>
  );
}
