import { ChannelStatus, type Channel } from '@switchboard/sdk';
import { Button, IconButton, Menu, MenuItem } from '@mui/material';
import MoreVert from '@mui/icons-material/MoreVert';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagRow } from '../lib/tag-rows';

// Two-character labels do not need MUI's 64 px minimum; compact buttons keep the actions column narrow.
const COMPACT = { minWidth: 0, px: 1 } as const;

interface ChannelActionsProps {
  channel: Channel;
  testing: boolean;
  onTest(): void;
  onChooseModel(): void;
  onStatus(enable: boolean): void;
  onEdit(): void;
  onCopy(): void;
  onBalance(): void;
  onDelete(): void;
}

export function ChannelRowActions(p: ChannelActionsProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const enabled = p.channel.status === ChannelStatus.Enabled;
  const pick = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Button size="small" sx={COMPACT} disabled={p.testing} onClick={p.onTest} data-testid="test-channel">
        {p.testing ? t('channel.test.running') : t('channel.actions.test')}
      </Button>
      <Button
        size="small"
        sx={COMPACT}
        color={enabled ? 'warning' : 'success'}
        onClick={() => p.onStatus(!enabled)}
      >
        {enabled ? t('common.actions.disable') : t('common.actions.enable')}
      </Button>
      <Button size="small" sx={COMPACT} onClick={p.onEdit}>
        {t('common.actions.edit')}
      </Button>
      <IconButton
        size="small"
        aria-label={t('channel.actions.more')}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick(p.onChooseModel)}>{t('channel.actions.testModel')}</MenuItem>
        <MenuItem onClick={pick(p.onBalance)}>{t('channel.actions.updateBalance')}</MenuItem>
        <MenuItem onClick={pick(p.onCopy)}>{t('channel.actions.copy')}</MenuItem>
        <MenuItem onClick={pick(p.onDelete)} sx={{ color: 'error.main' }}>
          {t('common.actions.delete')}
        </MenuItem>
      </Menu>
    </>
  );
}

interface TagActionsProps {
  row: TagRow;
  expanded: boolean;
  onToggle(): void;
  onStatus(enable: boolean): void;
  onEdit(): void;
}

export function TagRowActions({ row, expanded, onToggle, onStatus, onEdit }: TagActionsProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const pick = (enable: boolean) => () => {
    setAnchor(null);
    onStatus(enable);
  };
  return (
    <>
      <Button size="small" sx={COMPACT} onClick={onToggle}>
        {expanded ? t('channel.tag.collapse') : t('channel.tag.expand', { count: row.channels.length })}
      </Button>
      <Button size="small" sx={COMPACT} onClick={onEdit}>
        {t('channel.tag.edit')}
      </Button>
      <IconButton
        size="small"
        aria-label={t('channel.actions.more')}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={pick(true)} sx={{ color: 'success.main' }}>
          {t('channel.tag.enableAll')}
        </MenuItem>
        <MenuItem onClick={pick(false)} sx={{ color: 'warning.main' }}>
          {t('channel.tag.disableAll')}
        </MenuItem>
      </Menu>
    </>
  );
}
