import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/**
 * A card centred in the window, on a page without the app's header: the look of the sign-in steps and of a
 * definition's `plain` page frame (a form standing alone, e.g. a password reset).
 */
export function CentredCard({ maxWidth = 460, testId, children }: { maxWidth?: number; testId?: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: 4 }}>
      <Paper
        variant="outlined"
        data-testid={testId}
        sx={{
          width: '100%',
          maxWidth,
          p: { xs: 3, sm: 4 },
          borderRadius: 2,
          borderTop: 4,
          borderTopColor: 'primary.main',
          boxShadow: { xs: 'none', sm: 3 },
        }}
      >
        {children}
      </Paper>
    </Box>
  );
}
