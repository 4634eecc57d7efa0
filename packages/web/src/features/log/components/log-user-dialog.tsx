import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { hrefs } from '../../../app/paths';
import { Loading } from '../../../components/loading';
import { errorMessage } from '../../../lib/errors';
import { formatQuota } from '../../../lib/format';
import { useLogUser } from '../api/admin-queries';

/** Admin only: who a log row belongs to — balance, usage, group and invitations — with a link to edit them. */
export function LogUserDialog({ userId, onClose }: { userId: number; onClose(): void }) {
  const { t } = useTranslation();
  const user = useLogUser(userId);
  const rows: Array<[string, string | number]> = user.data
    ? [
        [t('logAdmin.user.username'), user.data.username],
        [t('logAdmin.user.displayName'), user.data.display_name || '-'],
        [t('logAdmin.user.group'), user.data.group],
        [t('logAdmin.user.quota'), formatQuota(user.data.quota)],
        [t('logAdmin.user.usedQuota'), formatQuota(user.data.used_quota)],
        [t('logAdmin.user.requests'), user.data.request_count],
        [t('logAdmin.user.invites'), user.data.aff_count],
        [t('logAdmin.user.affQuota'), formatQuota(user.data.aff_quota)],
        [t('logAdmin.user.affHistory'), formatQuota(user.data.aff_history_quota)],
        [t('logAdmin.user.inviter'), user.data.inviter_id || '-'],
      ]
    : [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('logAdmin.user.title')}</DialogTitle>
      <DialogContent>
        {user.isPending && <Loading />}
        {user.isError && <Alert severity="error">{errorMessage(user.error)}</Alert>}
        <Box
          component="dl"
          data-testid="log-user-info"
          sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button component={RouterLink} to={hrefs.userEdit(userId)}>
          {t('logAdmin.user.edit')}
        </Button>
        <Button onClick={onClose}>{t('logAdmin.user.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
