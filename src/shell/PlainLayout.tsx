import Box from '@mui/material/Box';
import { Outlet } from 'react-router-dom';

/** No header or footer (spec §2 "plain"): login, MFA and password screens. */
export function PlainLayout() {
  return (
    <Box component="main" sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Outlet />
    </Box>
  );
}
