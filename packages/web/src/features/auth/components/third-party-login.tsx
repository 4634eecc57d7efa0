import type { Status } from '@switchboard/sdk';
import GitHubIcon from '@mui/icons-material/GitHub';
import { Button, Divider, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { readItem, STORAGE_KEYS } from '../../../lib/storage';
import { useOAuthState } from '../api/mutations';

/** Third-party login buttons, each only when enabled in status (spec §2). */
export function ThirdPartyLogin({ status }: { status: Status | undefined }) {
  const { t } = useTranslation();
  const state = useOAuthState();
  if (!status || (!status.github_oauth && !status.linuxdo_oauth)) return null;
  const open = async (provider: 'github' | 'linuxdo') => {
    const value = await state.mutateAsync(readItem(STORAGE_KEYS.affCode) ?? undefined);
    const url =
      provider === 'github'
        ? `https://github.com/login/oauth/authorize?client_id=${encodeURIComponent(status.github_client_id)}&state=${value}&scope=user:email`
        : `https://connect.linux.do/oauth2/authorize?response_type=code&client_id=${encodeURIComponent(status.linuxdo_client_id)}&state=${value}`;
    window.open(url, '_self');
  };
  return (
    <>
      <Divider sx={{ my: 2 }}>{t('auth.login.thirdParty')}</Divider>
      <Stack sx={{ justifyContent: 'center' }} direction="row" spacing={1}>
        {status.github_oauth && (
          <Button variant="outlined" startIcon={<GitHubIcon />} onClick={() => void open('github')}>
            GitHub
          </Button>
        )}
        {status.linuxdo_oauth && (
          <Button variant="outlined" onClick={() => void open('linuxdo')}>
            Linux DO
          </Button>
        )}
      </Stack>
    </>
  );
}
