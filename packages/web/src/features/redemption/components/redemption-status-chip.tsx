import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLORS = { 1: 'success', 2: 'default', 3: 'info' } as const;

/** 1 unused, 2 disabled, 3 used (spec §4). */
export function RedemptionStatusChip({ status }: { status: number }) {
  const { t } = useTranslation();
  const known = (status in COLORS ? status : 2) as keyof typeof COLORS;
  return (
    <Chip
      color={COLORS[known]}
      variant={known === 1 ? 'filled' : 'outlined'}
      label={t(`redemption.status.${known}`)}
    />
  );
}
