import {
  FormControlLabel,
  LinearProgress,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { TestOutcome } from '../lib/test-run';
import { ResponseTimeChip } from './response-time-chip';

interface Props {
  total: number;
  outcomes: TestOutcome[];
  failed: TestOutcome[];
  /** The dialog's, so that it stays as set when the run is started again. */
  failedOnly: boolean;
  onFailedOnly(on: boolean): void;
}

/** A test run's progress and its results, failures first, optionally failures only. */
export function TestRunResults({ total, outcomes, failed, failedOnly, onFailedOnly }: Props) {
  const { t } = useTranslation();
  const shown = [...(failedOnly ? failed : outcomes)].sort(
    (a, b) => Number(a.success) - Number(b.success) || a.id - b.id,
  );
  return (
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
          <Switch size="small" checked={failedOnly} onChange={(e) => onFailedOnly(e.target.checked)} />
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
  );
}
