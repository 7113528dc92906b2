import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PageDefinition } from '../../engine/grids';
import { CentredCard } from './CentredCard';

export interface DefinedPageProps {
  /** `{definition id}-page`. */
  testId: string;
  page: PageDefinition;
  title: string;
  children: ReactNode;
  /** The heading's test id. */
  titleTestId?: string;
  /** A way back before the heading (above it on a phone). */
  back?: ReactNode;
  /** Buttons beside the heading (under it on a phone). */
  actions?: ReactNode;
  /** Lines between the heading and the rows (a hint, a warning). */
  under?: ReactNode;
}

/** A definition's page (its `page`): the title as the heading, then the rows, at the page's width, framed as it says. */
export function DefinedPage({ testId, page, title, children, titleTestId, back, actions, under }: DefinedPageProps) {
  if (page.frame === 'plain') {
    // The sign-in steps' card: the heading, the hint and the rows in a card centred in the window.
    return (
      <CentredCard maxWidth={page.width} testId={testId}>
        <Stack spacing={2.5}>
          <Stack spacing={1}>
            <Typography variant="h5" component="h1" data-testid={titleTestId}>
              {title}
            </Typography>
            {under}
          </Stack>
          {children}
        </Stack>
      </CentredCard>
    );
  }
  const framed = page.frame === 'card';
  const heading = (
    <Typography variant="h5" component="h1" sx={back || actions ? { flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' } : { mb: framed ? 2 : 1 }} data-testid={titleTestId}>
      {title}
    </Typography>
  );
  return (
    <Box sx={page.centred ? { maxWidth: page.width, mx: 'auto' } : { p: { xs: 1, sm: 2 }, maxWidth: page.width }} data-testid={testId}>
      {back || actions ? (
        // On a phone the way back sits above the heading and the buttons under it: side by side they overlapped (issue 24).
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: framed ? 2 : 1, alignItems: { xs: 'flex-start', md: 'center' } }}>
          {back}
          {heading}
          {actions}
        </Stack>
      ) : (
        heading
      )}
      {under}
      {framed ? (
        <Card variant="outlined">
          <CardContent>{children}</CardContent>
        </Card>
      ) : (
        children
      )}
    </Box>
  );
}
