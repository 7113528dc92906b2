import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** Any path no route claims (spec §2). */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', mt: { xs: 4, md: 8 } }} data-testid="not-found">
      <Typography variant="h4" component="h1">
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary">{t('notFound.text')}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {t('notFound.backHome')}
      </Button>
    </Stack>
  );
}
