import { RedemptionStatus, type Redemption } from '@switchboard/sdk';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useRedemptionStatus } from '../api/mutations';

interface Props {
  redemption: Redemption;
  onEdit(): void;
  onDelete(): void;
}

/** Enable/disable (a used code cannot be enabled), edit (unused codes only), delete — spec §4. */
export function RedemptionRowActions({ redemption, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const setStatus = useRedemptionStatus();
  const used = redemption.status === RedemptionStatus.Used;
  const unused = redemption.status === RedemptionStatus.Unused;
  return (
    <>
      <Button
        size="small"
        color={unused ? 'warning' : 'success'}
        disabled={used || setStatus.isPending}
        title={used ? t('redemption.actions.usedHint') : undefined}
        onClick={() =>
          setStatus.mutate({
            ids: [redemption.id],
            status: unused ? RedemptionStatus.Disabled : RedemptionStatus.Unused,
          })
        }
      >
        {unused ? t('common.actions.disable') : t('common.actions.enable')}
      </Button>
      <Button
        size="small"
        disabled={!unused}
        title={unused ? undefined : t('redemption.actions.editHint')}
        onClick={onEdit}
      >
        {t('common.actions.edit')}
      </Button>
      <Button size="small" color="error" onClick={onDelete}>
        {t('common.actions.delete')}
      </Button>
    </>
  );
}
