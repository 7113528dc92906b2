import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { CustomChargesTab } from './CustomChargesTab';

/** `/account/:accountId/custom-charges` (CUSTOM_CHARGES Read): the tab on a page of its own. */
export default function CustomChargesScreen() {
  const { t } = useTranslation();
  const accountId = Number(useParams().accountId);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('charges.title')}
      </Typography>
      <CustomChargesTab accountId={accountId} />
    </Box>
  );
}
