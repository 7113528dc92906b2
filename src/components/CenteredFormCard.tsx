import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { CentredCard } from '../../renderers/grids/CentredCard';

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

/** The card of the plain-layout screens (sign-in steps, status), styled like the login card: a definition's `plain` page frame draws the same card. */
export function CenteredFormCard({ title, intro, onSubmit, busy, maxWidth = 460, testId, children }: CenteredFormCardProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit?.();
  };
  return (
    <CentredCard maxWidth={maxWidth} testId={testId}>
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
    </CentredCard>
  );
}
