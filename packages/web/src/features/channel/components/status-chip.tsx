import { ChannelStatus, parseChannelOtherInfo } from '@switchboard/sdk';
import { Chip, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../lib/format';

const COLORS = { 1: 'success', 2: 'default', 3: 'warning' } as const;

/** Enabled, disabled or auto-disabled; an auto-disabled channel's tooltip says why and when (spec §4). */
export function ChannelStatusChip({ status, otherInfo }: { status: number; otherInfo?: string }) {
  const { t } = useTranslation();
  const known = (status in COLORS ? status : ChannelStatus.ManuallyDisabled) as keyof typeof COLORS;
  const chip = (
    <Chip
      size="small"
      color={COLORS[known]}
      variant={known === ChannelStatus.Enabled ? 'filled' : 'outlined'}
      label={t(`channel.status.${known}`)}
      data-testid="channel-status"
    />
  );
  if (known !== ChannelStatus.AutoDisabled || otherInfo === undefined) return chip;
  const info = parseChannelOtherInfo(otherInfo);
  const reason = info.status_reason || t('channel.status.unknownReason');
  const when = info.status_time ? formatTime(info.status_time) : '-';
  return <Tooltip title={t('channel.status.autoDisabledAt', { reason, time: when })}>{chip}</Tooltip>;
}
