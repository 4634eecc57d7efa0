import { TokenStatus, type Token } from '@switchboard/sdk';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLORS = { 1: 'success', 2: 'default', 3: 'warning', 4: 'error' } as const;

export function TokenStatusChip({ token }: { token: Token }) {
  const { t } = useTranslation();
  const status = (token.status in COLORS ? token.status : 2) as keyof typeof COLORS;
  const label =
    status === TokenStatus.Enabled && token.model_limits_enabled
      ? t('token.status.limited')
      : t(`token.status.${status}`);
  return <Chip color={COLORS[status]} label={label} variant={status === 1 ? 'filled' : 'outlined'} />;
}
