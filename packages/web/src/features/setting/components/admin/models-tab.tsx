import { PROVIDER_SECTIONS } from '../../options/model-sections';
import { OptionSection } from './option-section';
import { OptionsTab } from './options-tab';

/** Provider settings: the Gemini and Claude forms. */
export function ModelsTab() {
  return (
    <OptionsTab>
      {(stored) =>
        PROVIDER_SECTIONS.map((spec) => <OptionSection key={spec.id} spec={spec} stored={stored} />)
      }
    </OptionsTab>
  );
}
