import { splitList, type Channel, type ChannelTestResult } from '@switchboard/sdk';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/errors';
import { useTestChannel } from '../api/mutations';
import { ResponseTimeChip } from './response-time-chip';

type Outcome = ChannelTestResult | { success: false; message: string; time: 0 } | 'running';

/** Tests one channel with a model of its choosing (its test model is the default), one result per model. */
export function TestDialog({ channel, onClose }: { channel: Channel; onClose(): void }) {
  const { t } = useTranslation();
  const test = useTestChannel();
  const [filter, setFilter] = useState('');
  const [results, setResults] = useState<Record<string, Outcome>>({});
  const models = splitList(channel.models).filter((m) =>
    m.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  const run = async (model: string) => {
    setResults((r) => ({ ...r, [model]: 'running' }));
    let outcome: Outcome;
    try {
      outcome = await test.mutateAsync({ id: channel.id, model });
    } catch (e) {
      outcome = { success: false, message: errorMessage(e), time: 0 };
    }
    setResults((r) => ({ ...r, [model]: outcome }));
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('channel.test.title', { name: channel.name })}</DialogTitle>
      <DialogContent dividers>
        <TextField
          size="small"
          fullWidth
          label={t('channel.test.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          sx={{ mb: 1 }}
        />
        <Table size="small">
          <TableBody>
            {models.map((model) => {
              const result = results[model];
              return (
                <TableRow key={model} data-testid="test-model-row">
                  <TableCell sx={{ wordBreak: 'break-all' }}>
                    {model}
                    {model === (channel.test_model || splitList(channel.models)[0]) &&
                      ` (${t('channel.test.default')})`}
                  </TableCell>
                  <TableCell>
                    {result === 'running' && t('channel.test.running')}
                    {result &&
                      result !== 'running' &&
                      (result.success ? (
                        <ResponseTimeChip ms={Math.round(result.time * 1000)} />
                      ) : (
                        <span style={{ color: 'var(--mui-palette-error-main, #d32f2f)' }}>
                          {result.message}
                        </span>
                      ))}
                  </TableCell>
                  <TableCell align="right">
                    <Button size="small" disabled={result === 'running'} onClick={() => void run(model)}>
                      {t('channel.actions.test')}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('channel.actions.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
