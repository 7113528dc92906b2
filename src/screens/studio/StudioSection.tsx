import OpenInNewIcon from '@mui/icons-material/Launch';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** The admin console's Studio tab: what the studio does, and the way in. */
export function StudioSection() {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography sx={{ mb: 2 }}>{t('studio.intro')}</Typography>
      <Button variant="contained" component={RouterLink} to="/studio" startIcon={<OpenInNewIcon />} data-testid="admin-open-studio">
        {t('studio.open')}
      </Button>
    </Paper>
  );
}
