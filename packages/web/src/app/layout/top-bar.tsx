import DarkIcon from '@mui/icons-material/DarkModeOutlined';
import LightIcon from '@mui/icons-material/LightModeOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import TranslateIcon from '@mui/icons-material/Translate';
import { AppBar, Avatar, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { changeLanguage, LANGUAGES } from '../../lib/i18n';
import { useUser } from '../../lib/session';
import { useIsMobile } from '../../lib/use-mobile';
import { useColorMode } from '../../theme/color-mode';
import { paths } from '../paths';
import { useLogout } from './use-logout';

const PopupMenu = lazy(() => import('./popup-menu'));

/** New Year's Day gets the festive greeting item (new-api shows it on that day). */
function isFestive(now = new Date()): boolean {
  return now.getMonth() === 0 && now.getDate() === 1;
}

interface TopBarProps {
  systemName: string;
  logo: string;
  showDetail: boolean;
  showChat: boolean;
  onToggleMenu?: () => void;
}

export function TopBar({ systemName, logo, showDetail, showChat, onToggleMenu }: TopBarProps) {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const mobile = useIsMobile();
  const { mode, toggle } = useColorMode();
  const logout = useLogout();
  const [langAnchor, setLangAnchor] = useState<HTMLElement | null>(null);
  const [userAnchor, setUserAnchor] = useState<HTMLElement | null>(null);
  const links = [
    { to: paths.home, label: t('common.nav.home') },
    ...(user && showChat ? [{ to: paths.chat, label: t('common.nav.chat') }] : []),
    ...(user && showDetail ? [{ to: paths.detail, label: t('common.nav.detail') }] : []),
    { to: paths.pricing, label: t('common.nav.pricing') },
    { to: paths.about, label: t('common.nav.about') },
  ];
  return (
    <AppBar position="sticky" sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      <Toolbar variant="dense" sx={{ gap: 1 }}>
        {onToggleMenu && (
          <IconButton edge="start" onClick={onToggleMenu} aria-label={t('common.nav.toggleMenu')}>
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={Link}
          to={paths.home}
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
        >
          {logo && <Box component="img" src={logo} alt="" sx={{ height: 28, width: 28, borderRadius: 1 }} />}
          <Typography variant="h6" noWrap sx={{ fontSize: 18 }}>
            {systemName}
          </Typography>
        </Box>
        {!mobile && (
          <Box sx={{ display: 'flex', gap: 0.5, ml: 2 }}>
            {links.map((link) => (
              <Button key={link.to} component={Link} to={link.to} color="inherit">
                {link.label}
              </Button>
            ))}
          </Box>
        )}
        <Box sx={{ flex: 1 }} />
        {isFestive() && (
          <IconButton aria-label={t('common.nav.festive')} title={t('common.nav.festive')}>
            🎉
          </IconButton>
        )}
        <IconButton
          onClick={toggle}
          aria-label={t('common.nav.theme')}
          title={t('common.nav.theme')}
          data-testid="theme-toggle"
        >
          {mode === 'dark' ? <LightIcon /> : <DarkIcon />}
        </IconButton>
        <IconButton
          onClick={(e) => setLangAnchor(e.currentTarget)}
          aria-label={t('common.nav.language')}
          data-testid="language-menu"
        >
          <TranslateIcon />
        </IconButton>
        {langAnchor && (
          <Suspense>
            <PopupMenu
              anchor={langAnchor}
              onClose={() => setLangAnchor(null)}
              items={LANGUAGES.map((lng) => ({
                key: lng,
                label: t(`common.languages.${lng}`),
                selected: i18n.language === lng,
                onClick: () => void changeLanguage(lng),
              }))}
            />
          </Suspense>
        )}
        {user ? (
          <>
            <IconButton
              onClick={(e) => setUserAnchor(e.currentTarget)}
              aria-label={user.username}
              data-testid="avatar"
            >
              <Avatar sx={{ width: 30, height: 30, bgcolor: 'primary.main', fontSize: 15 }}>
                {user.username.slice(0, 1).toUpperCase()}
              </Avatar>
            </IconButton>
            {userAnchor && (
              <Suspense>
                <PopupMenu
                  anchor={userAnchor}
                  onClose={() => setUserAnchor(null)}
                  items={[{ key: 'logout', label: t('common.nav.logout'), onClick: () => logout.mutate() }]}
                />
              </Suspense>
            )}
          </>
        ) : (
          <>
            <Button component={Link} to={paths.login} variant="text">
              {t('common.nav.login')}
            </Button>
            {!mobile && (
              <Button component={Link} to={paths.register} variant="contained">
                {t('common.nav.register')}
              </Button>
            )}
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
