import { Alert, CircularProgress, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DialogFooter } from '../../../../../components/dialog-footer';
import type { PriceEffect } from '../../../options/price-effect';
import { PriceEffectTable } from './price-effect-table';

interface PriceEffectDialogProps {
  open: boolean;
  /** Undefined while the list of models on /pricing loads (or when it failed: `listFailed`). */
  effect: PriceEffect | undefined;
  listFailed?: boolean;
  saving: boolean;
  /** Defaults to the generic "price changes to confirm". */
  title?: string;
  onConfirm(): void;
  onClose(): void;
}

/** Before a pricing or ratio change is saved: what it does to each affected model's price on /pricing. */
export function PriceEffectDialog(props: PriceEffectDialogProps) {
  const { open, effect, listFailed = false, saving, title, onConfirm, onClose } = props;
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle>{title ?? t('options.effect.title')}</DialogTitle>
      <DialogContent>
        {!effect &&
          (listFailed ? (
            <Alert severity="warning">{t('options.effect.listFailed')}</Alert>
          ) : (
            <CircularProgress size={24} aria-label={t('options.loading')} />
          ))}
        {effect && (
          <>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {effect.changes.length > 0
                ? t('options.effect.summary', { count: effect.changes.length })
                : t('options.effect.none')}
            </Typography>
            {effect.changes.length > 0 && (
              <>
                <PriceEffectTable changes={effect.changes} />
                <Typography variant="caption" color="text.secondary">
                  {t('options.effect.groupsNote')}
                </Typography>
              </>
            )}
            {effect.unlisted.length > 0 && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('options.effect.unlisted', { models: effect.unlisted.join(', ') })}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogFooter
        submitLabel={t('options.effect.confirm')}
        onSubmit={onConfirm}
        onCancel={onClose}
        disabled={saving || (!effect && !listFailed)}
      />
    </Dialog>
  );
}
