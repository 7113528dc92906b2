import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { CobrowseShareHost } from '../cobrowse/CobrowseShareHost';
import { sharingInThisTab } from '../cobrowse/shared-marker';
import { ConfirmHost } from './confirm/ConfirmHost';
import { useHostMessageBridge } from './embedded/use-host-message-bridge';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

/** No header or footer (spec §2 "plain"): login, MFA and password screens. */
export function PlainLayout() {
  useHostMessageBridge();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <ScreenErrorBoundary>
        <Outlet />
      </ScreenErrorBoundary>
      <ConfirmHost />
      {/* While the screen is shared (issue 38), its banner and Stop stay on the plain pages too (in the app's chunk with the shell). */}
      {sharingInThisTab() && <CobrowseShareHost />}
    </Box>
  );
}
