import { Box, Dialog, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/errors';
import { DialogFooter } from './dialog-footer';
import { FormError } from './form-error';
import { TextInput } from './text-input';

interface WeChatCodeDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  /** The official account's QR code image (status.wechat_qrcode). */
  qrcode: string;
  pending: boolean;
  /** Sends the code; a rejection is shown in the dialog (the server's refusal message). */
  onSubmit(code: string): Promise<void>;
  onClose(): void;
}

/**
 * WeChat login and bind (spec §2 dialogs): scan the official account's QR code, send it the keyword, type
 * the code it answers (valid 3 minutes).
 */
export function WeChatCodeDialog({
  open,
  title,
  submitLabel,
  qrcode,
  pending,
  onSubmit,
  onClose,
}: WeChatCodeDialogProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!code.trim()) return setError(t('common.wechat.codeRequired'));
    setError(null);
    try {
      await onSubmit(code.trim());
      setCode('');
    } catch (e) {
      setError(errorMessage(e));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <Box component="form" onSubmit={(e) => void submit(e)} noValidate>
          {qrcode && (
            <Box
              component="img"
              src={qrcode}
              alt={t('common.wechat.qrcode')}
              sx={{ display: 'block', mx: 'auto', maxWidth: '100%', maxHeight: 240 }}
            />
          )}
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', my: 1.5 }}>
            {t('common.wechat.hint')}
          </Typography>
          <TextInput
            label={t('common.wechat.code')}
            name="wechat-code"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <FormError message={error} sx={{ mt: 1.5 }} />
        </Box>
      </DialogContent>
      <DialogFooter submitLabel={submitLabel} onSubmit={submit} onCancel={onClose} disabled={pending} />
    </Dialog>
  );
}
