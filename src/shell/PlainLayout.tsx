import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';
import { ConfirmHost } from './confirm/ConfirmHost';
import { useHostMessageBridge } from './embedded/use-host-message-bridge';

/** No header or footer (spec §2 "plain"): login, MFA and password screens. */
export function PlainLayout() {
  useHostMessageBridge();
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Outlet />
      <ConfirmHost />
    </Box>
  );
}
