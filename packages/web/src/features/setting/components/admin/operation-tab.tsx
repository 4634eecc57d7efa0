import { Box } from '@mui/material';
import { OPERATION_SECTIONS as S } from '../../options/operation-sections';
import { ModelRatioPanel } from './operation/model-ratio-panel';
import { LogSection } from './operation/log-section';
import { OptionSection } from './option-section';
import { OptionsTab } from './options-tab';

/** Operation settings: site behaviour, drawing, filters, logs, dashboard, monitoring, quota, chats, prices. */
export function OperationTab() {
  return (
    <OptionsTab>
      {(stored) => (
        <>
          <OptionSection spec={S.general} stored={stored} />
          <OptionSection spec={S.drawing} stored={stored} />
          <OptionSection spec={S.sensitive} stored={stored} />
          <LogSection stored={stored} />
          <OptionSection spec={S.dashboard} stored={stored} />
          <OptionSection spec={S.monitoring} stored={stored} />
          <OptionSection spec={S.quota} stored={stored} />
          <OptionSection spec={S.chats} stored={stored} />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <OptionSection spec={S.groups} stored={stored} />
          </Box>
          <Box sx={{ gridColumn: '1 / -1' }}>
            <ModelRatioPanel stored={stored} />
          </Box>
        </>
      )}
    </OptionsTab>
  );
}
