import { firstTokenBadge, parseLogOther, useTimeBadge, type Log } from '@switchboard/sdk';
import { Chip, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLOR = { green: 'success', orange: 'warning', red: 'error' } as const;

/** Use-time and first-token badges with the thresholds of spec §9, plus stream/non-stream. */
export function LogBadges({ log }: { log: Log }) {
  const { t } = useTranslation();
  const use = useTimeBadge(log.use_time);
  const frt = log.is_stream ? firstTokenBadge(parseLogOther(log.other).frt ?? -1) : null;
  return (
    <Stack sx={{ flexWrap: 'wrap' }} direction="row" spacing={0.5} useFlexGap>
      <Chip color={COLOR[use.color]} variant="outlined" label={`${use.text} s`} />
      {frt && (
        <Chip
          color={COLOR[frt.color]}
          variant="outlined"
          label={`${frt.text} s`}
          title={t('log.fields.frt')}
        />
      )}
      <Chip variant="outlined" label={log.is_stream ? t('log.stream') : t('log.nonStream')} />
    </Stack>
  );
}
