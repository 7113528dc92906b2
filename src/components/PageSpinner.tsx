import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a screen's code or the signed-in user loads (spec §2). */
export function PageSpinner() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '50vh', width: '100%' }} data-testid="page-spinner">
      <CircularProgress aria-busy="true" />
    </Box>
  );
}
