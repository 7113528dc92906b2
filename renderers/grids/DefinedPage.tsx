import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { PageDefinition } from '../../engine/grids';

export interface DefinedPageProps {
  /** `{definition id}-page`. */
  testId: string;
  page: PageDefinition;
  title: string;
  children: ReactNode;
}

/** A definition's page (its `page`): the title as the heading, then the rows, at the page's width, framed as it says. */
export function DefinedPage({ testId, page, title, children }: DefinedPageProps) {
  const framed = page.frame === 'card';
  return (
    <Box sx={page.centred ? { maxWidth: page.width, mx: 'auto' } : { p: { xs: 1, sm: 2 }, maxWidth: page.width }} data-testid={testId}>
      <Typography variant="h5" component="h1" sx={{ mb: framed ? 2 : 1 }}>
        {title}
      </Typography>
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
