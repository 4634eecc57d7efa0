import type { Channel } from '@switchboard/sdk';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  MenuItem,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useSetStatus } from '../api/mutations';
import type { TestScope } from '../lib/test-run';
import { TestRunResults } from './test-run-results';
import { useTestRun } from './use-test-run';

interface Props {
  /** The channels to test; undefined tests every channel (of the chosen scope). */
  channels?: Channel[];
  onClose(): void;
}

/**
 * Test all (or the selected channels) from the browser: progress as results land, a results table with
 * failures first, cancel, and disabling the failed ones afterwards. new-api only starts a server-side
 * run and asks you to refresh; here each result is seen as it arrives.
 */
export function TestRunDialog({ channels, onClose }: Props) {
  const { t } = useTranslation();
  const setStatus = useSetStatus({
    onSuccess: (n) => notify('success', t('channel.bulk.disabled', { count: n })),
  });
  const [scope, setScope] = useState<TestScope>('active');
  const [failedOnly, setFailedOnly] = useState(false);
  const run = useTestRun(channels);
  const { phase, failed } = run;

  return (
    <Dialog open onClose={run.busy ? undefined : onClose} fullWidth maxWidth="md">
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
          <TestRunResults
            total={run.total}
            outcomes={run.outcomes}
            failed={failed}
            failedOnly={failedOnly}
            onFailedOnly={setFailedOnly}
          />
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
        {run.busy ? (
          <Button onClick={run.stop}>{t('channel.testRun.stop')}</Button>
        ) : (
          <Button onClick={onClose}>{t('channel.actions.close')}</Button>
        )}
        {!run.busy && (
          <Button variant="contained" onClick={() => void run.start(scope)} data-testid="start-tests">
            {phase === 'done' ? t('channel.testRun.again') : t('channel.testRun.start')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
