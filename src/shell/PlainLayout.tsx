import Box from '@mui/material/Box';
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { sharingInThisTab } from '../cobrowse/shared-marker';
import { ConfirmHost } from './confirm/ConfirmHost';
import { useHostMessageBridge } from './embedded/use-host-message-bridge';
import { ScreenErrorBoundary } from './ScreenErrorBoundary';

// While the screen is shared (issue 38), its banner and Stop stay on the plain pages too; loaded only then.
const CobrowseShareHost = lazy(() => import('../cobrowse/CobrowseShareHost').then((module) => ({ default: module.CobrowseShareHost })));

/** No header or footer (spec §2 "plain"): login, MFA and password screens. */
export function PlainLayout() {
  useHostMessageBridge();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <ScreenErrorBoundary>
        <Outlet />
      </ScreenErrorBoundary>
      <ConfirmHost />
      {sharingInThisTab() && (
        <Suspense fallback={null}>
          <CobrowseShareHost />
        </Suspense>
      )}
    </Box>
  );
}
