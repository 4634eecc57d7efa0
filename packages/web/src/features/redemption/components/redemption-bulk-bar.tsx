import { RedemptionStatus, type Redemption } from '@switchboard/sdk';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { BulkBar } from '../../../components/bulk-bar';
import { copyText } from '../../../lib/clipboard';
import { downloadText, stampedName } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useRedemptionStatus } from '../api/mutations';
import { redemptionsCsv } from '../codes-csv';

interface Props {
  selected: Redemption[];
  onDelete(): void;
  onDone(): void;
}

/**
 * Actions on the selected codes: copy their keys, enable, disable, export, delete. Enabling skips used
 * codes (they cannot be enabled) and disabling skips codes that are not unused.
 */
export function RedemptionBulkBar({ selected, onDelete, onDone }: Props) {
  const { t } = useTranslation();
  const setStatus = useRedemptionStatus();
  if (selected.length === 0) return null;
  const change = (status: 1 | 2) => {
    const from = status === RedemptionStatus.Unused ? RedemptionStatus.Disabled : RedemptionStatus.Unused;
    const ids = selected.filter((r) => r.status === from).map((r) => r.id);
    if (ids.length === 0) return notify('info', t('redemption.bulk.nothingToChange'));
    setStatus.mutate(
      { ids, status },
      {
        onSuccess: (count) => {
          notify('success', t('redemption.bulk.changed', { count }));
          onDone();
        },
      },
    );
  };
  return (
    <BulkBar label={t('redemption.bulk.selected', { count: selected.length })} testId="redemption-bulk-bar">
      <Button
        size="small"
        variant="outlined"
        onClick={() => void copyText(selected.map((r) => r.key).join('\n'))}
      >
        {t('redemption.bulk.copy')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="success"
        disabled={setStatus.isPending}
        onClick={() => change(1)}
      >
        {t('common.actions.enable')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        disabled={setStatus.isPending}
        onClick={() => change(2)}
      >
        {t('common.actions.disable')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        onClick={() =>
          downloadText(redemptionsCsv(selected), stampedName('redemptions', 'csv'), 'text/csv;charset=utf-8')
        }
      >
        {t('redemption.bulk.export')}
      </Button>
      <Button size="small" variant="outlined" color="error" onClick={onDelete}>
        {t('common.actions.delete')}
      </Button>
    </BulkBar>
  );
}
