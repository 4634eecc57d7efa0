import { Button, DialogActions } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogFooterProps {
  submitLabel: ReactNode;
  onSubmit(): void | Promise<void>;
  onCancel(): void;
  /** Disables the submit button: a save under way (so it is not sent twice), or nothing to submit. */
  disabled?: boolean;
  /** `error` for a destructive submit. */
  color?: 'primary' | 'error';
  testId?: string;
}

/** A form dialog's Cancel and its contained submit button, on the right. */
export function DialogFooter({
  submitLabel,
  onSubmit,
  onCancel,
  disabled,
  color,
  testId,
}: DialogFooterProps) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      <Button onClick={onCancel}>{t('common.actions.cancel')}</Button>
      <Button
        variant="contained"
        color={color ?? 'primary'}
        disabled={disabled ?? false}
        onClick={() => void onSubmit()}
        data-testid={testId}
      >
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
