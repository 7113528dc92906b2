import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ChatAssistant } from '../../chat/ChatAssistant';
import { focusRing } from '../../theme/create-app-theme';
import { useShellLinks } from '../menus/use-shell-links';
import { GlobalSearch } from '../search/GlobalSearch';
import { LanguageMenu } from './LanguageMenu';
import { LogoLink } from './LogoLink';
import { ProfileMenu } from './ProfileMenu';
import { SupportMenu } from './SupportMenu';
import { TermsMenu } from './TermsMenu';

/**
 * The header (spec §2): logo, global search, chat, support, terms and privacy,
 * language and profile. On phones the search folds into a button and the
 * menus keep only their icons.
 */
export function ShellHeader() {
  const compact = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { user } = useShellLinks();
  return (
    <AppBar
      position="sticky"
      color="primary"
      enableColorOnDark
      elevation={2}
      component="header"
      // On the brand colour the ring is drawn in the header's text colour: the page's ring (the primary colour, or its
      // lighter dark-mode tone) has less than 3:1 against it (WCAG 2.2 focus appearance). '&&' and :is() outweigh the
      // page's ring, whose [tabindex]:not(…):focus-visible selector weighs more than a component's class.
      sx={(theme) => ({
        bgcolor: 'brand.main',
        color: 'brand.contrastText',
        '&& :is(.MuiButtonBase-root.Mui-focusVisible, a:focus-visible, button:focus-visible, [tabindex]:focus-visible)': focusRing(
          theme.palette.brand.contrastText,
          theme.palette.brand.main,
        ),
      })}
    >
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <LogoLink compact={compact} />
        {!compact && <GlobalSearch compact={false} />}
        <Box sx={{ flexGrow: 1 }} />
        {compact && <GlobalSearch compact />}
        <ChatAssistant userId={user.userAccountId} capabilities={user.capabilities} impersonating={user.isImpersonated} />
        <SupportMenu />
        <TermsMenu />
        <LanguageMenu compact={compact} />
        <ProfileMenu compact={compact} />
      </Toolbar>
    </AppBar>
  );
}
