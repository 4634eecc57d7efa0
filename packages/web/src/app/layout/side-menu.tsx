import ChatIcon from '@mui/icons-material/ChatOutlined';
import HistoryIcon from '@mui/icons-material/ManageHistoryOutlined';
import DashboardIcon from '@mui/icons-material/InsertChartOutlined';
import HubIcon from '@mui/icons-material/HubOutlined';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import ListIcon from '@mui/icons-material/ReceiptLongOutlined';
import PeopleIcon from '@mui/icons-material/PeopleOutlined';
import PlayIcon from '@mui/icons-material/SmartToyOutlined';
import RedeemIcon from '@mui/icons-material/RedeemOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import TaskIcon from '@mui/icons-material/TaskAltOutlined';
import WalletIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import { List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import type { MenuItem } from './menu-items';

const ICONS: Record<string, ReactElement> = {
  playground: <PlayIcon />,
  channel: <HubIcon />,
  chat: <ChatIcon />,
  token: <KeyIcon />,
  detail: <DashboardIcon />,
  redemption: <RedeemIcon />,
  topup: <WalletIcon />,
  user: <PeopleIcon />,
  log: <ListIcon />,
  audit: <HistoryIcon />,
  midjourney: <ImageIcon />,
  task: <TaskIcon />,
  setting: <SettingsIcon />,
};

interface SideMenuProps {
  items: MenuItem[];
  collapsed: boolean;
  onNavigate?: () => void;
}

export function SideMenu({ items, collapsed, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <List component="nav" aria-label={t('common.menu.label')} dense>
      {items.map((item) => {
        const label = t(`common.menu.${item.key}`);
        const entries = item.children ?? [{ label, to: item.to }];
        return entries.map((entry, index) => {
          const text = item.children ? `${label} · ${entry.label}` : label;
          return (
            <ListItemButton
              key={`${item.key}-${index}`}
              title={collapsed ? text : undefined}
              component={Link}
              to={entry.to}
              selected={pathname === entry.to || (!item.children && pathname.startsWith(`${item.to}/`))}
              onClick={onNavigate}
              sx={{ borderRadius: 1, mx: 1, my: 0.25, minHeight: 40 }}
            >
              <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36 }}>{ICONS[item.icon]}</ListItemIcon>
              {!collapsed && <ListItemText primary={text} />}
            </ListItemButton>
          );
        });
      })}
    </List>
  );
}
