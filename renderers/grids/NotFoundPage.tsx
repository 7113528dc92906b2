/** The not-found page a definition draws (an unknown kind of a layout create, a missing record or tab of a page of tabs): test id not-found. */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

export function NotFoundPage({ title, text, home }: { title: string; text: string; home: string }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', mt: { xs: 4, md: 8 } }} data-testid="not-found">
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
      <Button href="#/" variant="contained">
        {home}
      </Button>
    </Stack>
  );
}
