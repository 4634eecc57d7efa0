import { Box, Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../app/paths';
import { notify } from '../../../lib/notify';
import { useFixAbilities, useUpdateAllBalances } from '../api/mutations';
import type { ChannelListDialogs } from './use-channel-list-dialogs';

/** The channel list's own actions, right of the filters: add, test all, and the rarer ones under More. */
export function ChannelListToolbar({ dialogs }: { dialogs: ChannelListDialogs }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [moreAnchor, setMoreAnchor] = useState<HTMLElement | null>(null);
  const fix = useFixAbilities();
  const allBalances = useUpdateAllBalances({
    onSuccess: () => notify('success', t('channel.list.balancesUpdated')),
  });

  const more = (label: string, run: () => void) => (
    <MenuItem
      onClick={() => {
        setMoreAnchor(null);
        run();
      }}
    >
      {label}
    </MenuItem>
  );

  return (
    <>
      <Box sx={{ flex: 1 }} />
      <Button variant="contained" onClick={() => navigate(`${paths.channel}/add`)} data-testid="add-channel">
        {t('channel.list.add')}
      </Button>
      <Button variant="outlined" onClick={() => dialogs.open({ kind: 'testRun' })} data-testid="test-all">
        {t('channel.list.testAll')}
      </Button>
      <Button variant="outlined" onClick={(e) => setMoreAnchor(e.currentTarget)} data-testid="channel-more">
        {t('channel.list.more')}
      </Button>
      <Menu anchorEl={moreAnchor} open={moreAnchor !== null} onClose={() => setMoreAnchor(null)}>
        {more(t('channel.list.updateAllBalances'), () =>
          dialogs.confirm({
            title: t('channel.list.updateAllBalances'),
            body: t('channel.list.updateAllBalancesNote'),
            run: () => allBalances.mutate(),
          }),
        )}
        {more(t('channel.list.fix'), () =>
          dialogs.confirm({
            title: t('channel.list.fix'),
            body: t('channel.list.fixNote'),
            run: () =>
              fix.mutate(undefined, {
                onSuccess: (n) => notify('success', t('channel.list.fixed', { count: n })),
              }),
          }),
        )}
        {more(t('channel.list.deleteDisabled'), () => dialogs.open({ kind: 'deleteDisabled' }))}
      </Menu>
    </>
  );
}
