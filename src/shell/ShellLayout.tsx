import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { getBranding } from '../branding';
import { PageSpinner } from '../components/PageSpinner';
import { displayNameOf, useCurrentUser } from '../session/current-user';
import { SignOutButton } from './SignOutButton';
import { ThemeModeToggle } from './ThemeModeToggle';

/**
 * The signed-in frame: an app bar over the page. Kept minimal on purpose; the
 * full header (search, menus) and footer slot in here later.
 */
export default function ShellLayout() {
  const branding = getBranding();
  const { data: user } = useCurrentUser();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="primary">
        <Toolbar sx={{ gap: 1 }}>
          <Box
            component={RouterLink}
            to="/"
            sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', minWidth: 0, flexGrow: 1 }}
          >
            {branding.logo && <Box component="img" src={branding.logo} alt="" sx={{ height: 32, maxWidth: 120, objectFit: 'contain' }} />}
            <Typography variant="h6" component="span" noWrap>
              {branding.title}
            </Typography>
          </Box>
          {user && (
            <Typography data-testid="shell-user-name" variant="body2" noWrap sx={{ maxWidth: { xs: 110, sm: 240 } }}>
              {displayNameOf(user)}
            </Typography>
          )}
          <ThemeModeToggle />
          <SignOutButton />
        </Toolbar>
      </AppBar>
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Box>
    </Box>
  );
}
