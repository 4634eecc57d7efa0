import {
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../components/dialog-footer';

interface Props {
  current: string[];
  upstream: string[];
  onApply(models: string[]): void;
  onClose(): void;
}

/**
 * What the upstream offers against what the channel lists, before anything changes: new models to add
 * (ticked) and listed models the upstream no longer offers (unticked; tick to drop them).
 */
export function UpstreamModelsDialog({ current, upstream, onApply, onClose }: Props) {
  const { t } = useTranslation();
  const fresh = upstream.filter((m) => !current.includes(m));
  const missing = current.filter((m) => !upstream.includes(m));
  const [add, setAdd] = useState<Set<string>>(() => new Set(fresh));
  const [drop, setDrop] = useState<Set<string>>(() => new Set());
  const toggle = (set: Set<string>, model: string, update: (s: Set<string>) => void) => {
    const next = new Set(set);
    if (next.has(model)) next.delete(model);
    else next.add(model);
    update(next);
  };
  const apply = () => onApply([...current.filter((m) => !drop.has(m)), ...fresh.filter((m) => add.has(m))]);

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('channel.upstream.title', { count: upstream.length })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="subtitle2">{t('channel.upstream.fresh', { count: fresh.length })}</Typography>
        <Stack sx={{ mb: 2 }}>
          {fresh.map((model) => (
            <FormControlLabel
              key={model}
              control={
                <Checkbox size="small" checked={add.has(model)} onChange={() => toggle(add, model, setAdd)} />
              }
              label={model}
            />
          ))}
        </Stack>
        <Typography variant="subtitle2">
          {t('channel.upstream.missing', { count: missing.length })}
        </Typography>
        <Stack>
          {missing.map((model) => (
            <FormControlLabel
              key={model}
              control={
                <Checkbox
                  size="small"
                  checked={drop.has(model)}
                  onChange={() => toggle(drop, model, setDrop)}
                />
              }
              label={t('channel.upstream.drop', { model })}
            />
          ))}
        </Stack>
      </DialogContent>
      <DialogFooter
        submitLabel={t('channel.upstream.apply', { add: add.size, drop: drop.size })}
        onSubmit={apply}
        onCancel={onClose}
        testId="apply-upstream"
      />
    </Dialog>
  );
}
