import { ChannelStatus, type Channel } from '@switchboard/sdk';
import { Alert, Dialog, DialogContent, DialogTitle, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { notify } from '../../../lib/notify';
import { sdk } from '../../../lib/sdk';
import { channelKeys } from '../api/keys';
import { useDeleteDisabled } from '../api/mutations';
import { collectChannels } from '../lib/test-run';

const SHOWN = 30;

/** "Delete all disabled" names what it will delete before it does (new-api only says how many after). */
export function DeleteDisabledDialog({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const remove = useDeleteDisabled({
    onSuccess: (n) => {
      notify('success', t('channel.list.deleted', { count: n }));
      onClose();
    },
  });
  const doomed = useQuery({
    queryKey: channelKeys.disabledPreview,
    queryFn: async (): Promise<Channel[]> =>
      (await collectChannels(await sdk(), 'every')).filter((c) => c.status !== ChannelStatus.Enabled),
    staleTime: 0,
    gcTime: 0,
  });
  const list = doomed.data ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('channel.list.deleteDisabled')}</DialogTitle>
      <DialogContent dividers>
        {doomed.isPending && <LinearProgress />}
        {doomed.data && (
          <>
            <Alert severity={list.length ? 'warning' : 'info'} role="note" sx={{ mb: 1 }}>
              {list.length
                ? t('channel.list.deleteDisabledCount', { count: list.length })
                : t('channel.list.noneDisabled')}
            </Alert>
            <Typography variant="body2" data-testid="doomed-channels" sx={{ wordBreak: 'break-word' }}>
              {list
                .slice(0, SHOWN)
                .map((c) => `#${c.id} ${c.name}`)
                .join(', ')}
              {list.length > SHOWN && ` … (+${list.length - SHOWN})`}
            </Typography>
          </>
        )}
      </DialogContent>
      <DialogFooter
        submitLabel={t('common.actions.delete')}
        onSubmit={() => remove.mutate()}
        onCancel={onClose}
        disabled={!list.length || remove.isPending}
        color="error"
      />
    </Dialog>
  );
}
