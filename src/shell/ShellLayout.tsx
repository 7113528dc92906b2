import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageSpinner } from '../components/PageSpinner';
import { RealtimeConnection } from '../realtime';
import { CobrowseShareHost } from '../cobrowse/CobrowseShareHost';
import { useThirdPartyScripts } from '../consent/use-third-party-scripts';
import { followUserCountry } from '../i18n/format';
import { ImpersonationMarker, isImpersonated } from '../identity/impersonation';
import { useCurrentUser } from '../session/current-user';
import { useGridCodeWhenQuiet } from './code-when-quiet';
import { ConfirmHost } from './confirm/ConfirmHost';
import { isEmbedded } from './embedded/embedded-mode';
import { useHostMessageBridge } from './embedded/use-host-message-bridge';
import { ShellFooter } from './footer/ShellFooter';
import { ShellHeader } from './header/ShellHeader';
import { hostTabs } from './host-tabs';
import { HostTabsContext } from './host-tabs-context';
import { RefusalNotice } from './RefusalNotice';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

/**
 * The signed-in frame (spec §2): header, the page, footer. Embedded in a host
 * app there is neither header nor footer and messages go to the host.
 */
export default function ShellLayout() {
  const embedded = isEmbedded();
  const { data: user } = useCurrentUser();
  useHostMessageBridge();
  useThirdPartyScripts(isImpersonated(user));
  useGridCodeWhenQuiet();
  // Before the page renders, so its first dates already follow the en-US/en-GB rule.
  followUserCountry(user);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <ImpersonationMarker />
      {!embedded && <ShellHeader />}
      <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
        <RefusalNotice />
        <ScreenErrorBoundary>
          <Suspense fallback={<PageSpinner />}>
            <HostTabsContext.Provider value={hostTabs}>
              <Outlet />
            </HostTabsContext.Provider>
          </Suspense>
        </ScreenErrorBoundary>
      </Box>
      {!embedded && <ShellFooter />}
      <ConfirmHost />
      <RealtimeConnection />
      {!embedded && <CobrowseShareHost />}
    </Box>
  );
}
