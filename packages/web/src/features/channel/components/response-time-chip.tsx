import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';
import { responseTone, TONE_COLORS } from '../lib/response-time';

/** The last test's latency in the colour band of spec §4; grey "untested" at 0. */
export function ResponseTimeChip({ ms, testTime }: { ms: number; testTime?: number }) {
  const { t } = useTranslation();
  const tone = responseTone(ms);
  const color = TONE_COLORS[tone];
  return (
    <Chip
      size="small"
      data-tone={tone}
      data-testid="response-time"
      label={
        tone === 'untested'
          ? t('channel.responseTime.untested')
          : t('channel.responseTime.seconds', { value: (ms / 1000).toFixed(2) })
      }
      title={testTime ? t('channel.responseTime.testedAt', { time: formatTime(testTime) }) : undefined}
      sx={color ? { bgcolor: color, color: '#fff' } : {}}
    />
  );
}
