import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PageDefinition } from '../../engine/grids';

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
  if (page.frame === 'centredCard') {
    return (
      <CentredCard testId={testId} width={page.width} title={title} titleTestId={titleTestId} under={under}>
        {children}
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

/** A plain page's card (sign-in steps, public pages): in the middle of the window, the heading inside, like the sign-in card. */
function CentredCard({ testId, width = 460, title, titleTestId, under, children }: { testId: string; width?: number; title: string; titleTestId?: string; under?: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2, py: 4 }}>
      <Paper
        variant="outlined"
        data-testid={testId}
        sx={{ width: '100%', maxWidth: width, p: { xs: 3, sm: 4 }, borderRadius: 2, borderTop: 4, borderTopColor: 'primary.main', boxShadow: { xs: 'none', sm: 3 } }}
      >
        <Stack spacing={2.5}>
          <Stack spacing={1}>
            <Typography variant="h5" component="h1" data-testid={titleTestId} sx={{ overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            {under}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}
