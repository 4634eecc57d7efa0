import type { Channel } from '@switchboard/sdk';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { sdk } from '../../../lib/sdk';
import { channelKeys } from '../api/keys';
import { useSetStatus } from '../api/mutations';
import { collectChannels, runTests, type TestOutcome, type TestScope } from '../lib/test-run';
import { ResponseTimeChip } from './response-time-chip';

interface Props {
  /** The channels to test; undefined tests every channel (of the chosen scope). */
  channels?: Channel[];
  onClose(): void;
}

type Phase = 'ready' | 'collecting' | 'running' | 'done';

/**
 * Test all (or the selected channels) from the browser: progress as results land, a results table with
 * failures first, cancel, and disabling the failed ones afterwards. new-api only starts a server-side
 * run and asks you to refresh; here each result is seen as it arrives.
 */
export function TestRunDialog({ channels, onClose }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setStatus = useSetStatus({
    onSuccess: (n) => notify('success', t('channel.bulk.disabled', { count: n })),
  });
  const [scope, setScope] = useState<TestScope>('active');
  const [phase, setPhase] = useState<Phase>('ready');
  const [total, setTotal] = useState(channels?.length ?? 0);
  const [outcomes, setOutcomes] = useState<TestOutcome[]>([]);
  const [failedOnly, setFailedOnly] = useState(false);
  const cancel = useRef(false);

  const start = async () => {
    cancel.current = false;
    setOutcomes([]);
    try {
      const client = await sdk();
      setPhase('collecting');
      const targets = channels ?? (await collectChannels(client, scope));
      setTotal(targets.length);
      setPhase('running');
      await runTests(
        client,
        targets,
        (o) => setOutcomes((list) => [...list, o]),
        () => cancel.current,
      );
    } catch (e) {
      notify('error', errorMessage(e));
    }
    setPhase('done');
    void queryClient.invalidateQueries({ queryKey: channelKeys.all });
  };

  const failed = outcomes.filter((o) => !o.success);
  const shown = [...(failedOnly ? failed : outcomes)].sort(
    (a, b) => Number(a.success) - Number(b.success) || a.id - b.id,
  );
  const busy = phase === 'collecting' || phase === 'running';

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="md">
      <DialogTitle>
        {channels
          ? t('channel.testRun.titleSelected', { count: channels.length })
          : t('channel.testRun.titleAll')}
      </DialogTitle>
      <DialogContent dividers>
        {phase === 'ready' && !channels && (
          <TextField
            select
            size="small"
            label={t('channel.testRun.scope')}
            value={scope}
            onChange={(e) => setScope(e.target.value as TestScope)}
            sx={{ minWidth: 280 }}
          >
            <MenuItem value="active">{t('channel.testRun.scopeActive')}</MenuItem>
            <MenuItem value="every">{t('channel.testRun.scopeEvery')}</MenuItem>
          </TextField>
        )}
        {phase === 'ready' && (
          <Alert severity="info" role="note" sx={{ mt: 2 }}>
            {t('channel.testRun.note')}
          </Alert>
        )}
        {phase === 'collecting' && <LinearProgress />}
        {(phase === 'running' || phase === 'done') && (
          <Stack spacing={1}>
            <LinearProgress
              variant="determinate"
              value={total ? (outcomes.length / total) * 100 : 100}
              data-testid="test-progress"
            />
            <Typography variant="body2" data-testid="test-summary">
              {t('channel.testRun.summary', {
                done: outcomes.length,
                total,
                ok: outcomes.length - failed.length,
                failed: failed.length,
              })}
            </Typography>
            <FormControlLabel
              control={
                <Switch size="small" checked={failedOnly} onChange={(e) => setFailedOnly(e.target.checked)} />
              }
              label={t('channel.testRun.failedOnly')}
            />
            <Table size="small" data-testid="test-results">
              <TableHead>
                <TableRow>
                  <TableCell>{t('channel.fields.id')}</TableCell>
                  <TableCell>{t('channel.fields.name')}</TableCell>
                  <TableCell>{t('channel.testRun.result')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((o) => (
                  <TableRow key={o.id}>
                    <TableCell>{o.id}</TableCell>
                    <TableCell>{o.name}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>
                      {o.success ? (
                        <ResponseTimeChip ms={o.ms} />
                      ) : (
                        <Typography variant="body2" color="error">
                          {o.message}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {phase === 'done' && failed.length > 0 && (
          <Button
            color="warning"
            disabled={setStatus.isPending}
            onClick={() => setStatus.mutate({ ids: failed.map((o) => o.id), status: 2 })}
          >
            {t('channel.testRun.disableFailed', { count: failed.length })}
          </Button>
        )}
        {busy ? (
          <Button onClick={() => (cancel.current = true)}>{t('channel.testRun.stop')}</Button>
        ) : (
          <Button onClick={onClose}>{t('channel.actions.close')}</Button>
        )}
        {phase !== 'running' && phase !== 'collecting' && (
          <Button variant="contained" onClick={() => void start()} data-testid="start-tests">
            {phase === 'done' ? t('channel.testRun.again') : t('channel.testRun.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
