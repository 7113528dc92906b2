import DarkModeIcon from '@mui/icons-material/DarkMode';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LightModeIcon from '@mui/icons-material/LightMode';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ImpersonateDialog, useImpersonation } from '../../identity/impersonation';
import { LOGIN_PATH } from '../../router/guard';
import { displayNameOf } from '../../session/current-user';
import { signOut } from '../../session/sign-out';
import { useThemeMode } from '../../theme/theme-mode';
import { useDefinitionLabel, useDefinitionMenu, withDefinitionEntries } from '../menus/definition-menu';
import { changePasswordTarget, profileMenuFor, type MenuLink } from '../menus/shell-menus';
import { useShellLinks } from '../menus/use-shell-links';
import { ShellLinkMenuItem } from '../ShellLinkMenuItem';

/** Read by screen readers and voice control, not drawn. */
const HIDDEN_TEXT = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

/** Who is signed in, atop the menu; not an entry, so the menu's keyboard focus skips it. */
function MenuHeader({ name, username }: { name: string; username: string }) {
  return (
    <Box component="li" role="presentation" sx={{ px: 2, pt: 1, pb: 1.5 }} data-testid="profile-menu-header">
      <Typography variant="subtitle2" component="div" noWrap>
        {name}
      </Typography>
      <Typography variant="body2" component="div" color="text.secondary" noWrap>
        {username}
      </Typography>
    </Box>
  );
}
// MenuList reads this static to leave the element out of its focus order.
MenuHeader.muiSkipListHighlight = true;

/**
 * The profile menu (spec §2): the user's screens, each shown exactly when its
 * capability holds (src/shell/menus/shell-menus.ts), then impersonation,
 * change password, the theme and sign out.
 */
export function ProfileMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { mode, setMode } = useThemeMode();
  const { user, sessionUser, resolve } = useShellLinks();
  const { canImpersonate, impersonated, stop } = useImpersonation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [impersonateOpen, setImpersonateOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const definitionEntries = useDefinitionMenu(Boolean(sessionUser));
  const definitionLabel = useDefinitionLabel();
  if (!sessionUser) return null;

  const name = displayNameOf(sessionUser);
  const close = () => setAnchor(null);
  const changePassword = changePasswordTarget(user, resolve, location.pathname + location.search);
  const linkItem = (link: MenuLink, nested = false) => (
    <ShellLinkMenuItem key={link.id} target={link.target} onClick={close} testId={`menu-${link.id}`}>
      <Box component="span" sx={{ pl: nested ? 1 : 0 }}>
        {link.label ?? t(`shell.menu.${link.id}`)}
      </Box>
    </ShellLinkMenuItem>
  );
  const action = (id: string, icon: ReactNode, label: string, onClick: () => void, disabled = false) => (
    <MenuItem key={id} data-testid={id} onClick={onClick} disabled={disabled}>
      <ListItemIcon>{icon}</ListItemIcon>
      {label}
    </MenuItem>
  );

  const items: ReactNode[] = withDefinitionEntries(profileMenuFor(user, resolve), definitionEntries, definitionLabel).flatMap((item) =>
    item.kind === 'link'
      ? [linkItem(item)]
      : [
          // Presentation: a menu may only hold entries; the heading stays readable text.
          <ListSubheader
            key={`group-${item.id}`}
            role="presentation"
            data-testid={`menu-group-${item.id}`}
            sx={{ lineHeight: '32px', bgcolor: 'transparent' }}
          >
            {t(`shell.menu.${item.id}`)}
          </ListSubheader>,
          ...item.links.map((link) => linkItem(link, true)),
        ],
  );

  return (
    <>
      <Button
        color="inherit"
        // Named by what it shows (initials, name) and then what it opens, as hidden text: a name computed
        // from the content starts with exactly the visible text, so a voice user says what they see (WCAG 2.5.3).
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? 'profile-menu' : undefined}
        data-testid="profile-menu-button"
        onClick={(event) => setAnchor(event.currentTarget)}
        endIcon={compact ? undefined : <ExpandMoreIcon />}
        sx={{ textTransform: 'none', minWidth: 0, px: 1, gap: 1, flexShrink: 0 }}
      >
        <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'brand.dark', color: 'brand.contrastText', border: 1, borderColor: 'rgba(255,255,255,0.6)' }}>
          {initialsOf(name)}
        </Avatar>
        {!compact && (
          <Typography data-testid="shell-user-name" variant="body2" noWrap sx={{ maxWidth: 200 }}>
            {name}
          </Typography>
        )}
        <Box component="span" sx={HIDDEN_TEXT}>
          {` – ${t('shell.profile.open', { name })}`}
        </Box>
      </Button>
      <Menu
        id="profile-menu"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 260, maxHeight: 'calc(100vh - 80px)' } }, list: { 'aria-label': t('shell.profile.menu') } }}
      >
        <MenuHeader name={name} username={sessionUser.Username} />
        <Divider />
        {items}
        {items.length > 0 && <Divider />}
        {canImpersonate &&
          action('menu-impersonate', <SupervisorAccountIcon fontSize="small" />, t('access.impersonation.open'), () => {
            close();
            setImpersonateOpen(true);
          })}
        {impersonated &&
          action('menu-unimpersonate', <SupervisorAccountIcon fontSize="small" />, t('access.impersonation.stop'), () => stop.mutate(), stop.isPending)}
        {changePassword && (
          <ShellLinkMenuItem target={changePassword} onClick={close} testId="menu-change-password">
            <ListItemIcon>
              <LockResetIcon fontSize="small" />
            </ListItemIcon>
            {t('shell.menu.changePassword')}
          </ShellLinkMenuItem>
        )}
        {action(
          'menu-theme',
          mode === 'dark' ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />,
          mode === 'dark' ? t('shell.lightTheme') : t('shell.darkTheme'),
          () => {
            // The switch is done with the choice: the menu closes like after every other entry.
            close();
            setMode(mode === 'dark' ? 'light' : 'dark');
          },
        )}
        {action(
          'sign-out',
          <LogoutIcon fontSize="small" />,
          t('shell.signOut'),
          () => {
            setSigningOut(true);
            void signOut(queryClient).then(() => navigate(LOGIN_PATH, { replace: true }));
          },
          signingOut,
        )}
      </Menu>
      {canImpersonate && <ImpersonateDialog open={impersonateOpen} onClose={() => setImpersonateOpen(false)} />}
    </>
  );
}
