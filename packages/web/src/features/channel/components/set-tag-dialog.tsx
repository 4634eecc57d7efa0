import { ChannelBatchTagParamsSchema, type Channel } from '@switchboard/sdk';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';
import { FormError } from '../../../components/form-error';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useSetTag } from '../api/mutations';
import { firstIssue } from '../lib/sdk-message';

/** Tags the selected channels, showing each one's tag now and after. */
export function SetTagDialog({
  channels,
  onClose,
  onDone,
}: {
  channels: Channel[];
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | null>(null);
  const setTagCall = useSetTag();

  const submit = async () => {
    const ids = channels.map((c) => c.id);
    const problem = firstIssue(ChannelBatchTagParamsSchema.safeParse({ ids, tag }));
    if (problem) return setError(problem.message);
    try {
      const count = await setTagCall.mutateAsync({ ids, tag: tag.trim() });
      notify('success', t('channel.bulk.tagged', { count, tag: tag.trim() }));
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('channel.bulk.setTagTitle', { count: channels.length })}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <TextField
            label={t('channel.fields.tag')}
            name="tag"
            value={tag}
            onChange={(e) => {
              setTag(e.target.value);
              setError(null);
            }}
            autoFocus
          />
          <Table size="small" data-testid="tag-preview">
            <TableBody>
              {channels.map((c) => (
                <TableRow key={c.id}>
                  <TableCell>{c.name}</TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{c.tag || t('channel.bulk.noTag')}</TableCell>
                  <TableCell>→ {tag.trim() || '?'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <FormError message={error} />
        </Stack>
      </DialogContent>
      <DialogFooter
        submitLabel={t('common.actions.save')}
        onSubmit={submit}
        onCancel={onClose}
        disabled={setTagCall.isPending}
      />
    </Dialog>
  );
}
