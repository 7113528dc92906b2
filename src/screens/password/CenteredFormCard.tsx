import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';

interface CenteredFormCardProps {
  title: string;
  intro?: ReactNode;
  /** Makes the card a form; Enter submits. */
  onSubmit?: () => void;
  busy?: boolean;
  maxWidth?: number;
  testId?: string;
  children: ReactNode;
}

/** The card of the plain-layout screens (sign-in steps, passwords), styled like the login card. */
export function CenteredFormCard({ title, intro, onSubmit, busy, maxWidth = 460, testId, children }: CenteredFormCardProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
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
        <Stack component={onSubmit ? 'form' : 'div'} noValidate={onSubmit ? true : undefined} onSubmit={onSubmit ? submit : undefined} spacing={2.5} aria-busy={busy}>
          <Stack spacing={1}>
            <Typography variant="h5" component="h1">
              {title}
            </Typography>
            {intro && (
              <Typography variant="body2" color="text.secondary" component="div">
                {intro}
              </Typography>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
