import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ApiTokenManager } from './ApiTokenManager';

/** /api-tokens: the signed-in user's personal API tokens (issue 26). */
export default function ApiTokensScreen() {
  const { t } = useTranslation();
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="api-tokens-screen">
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {t('apiTokens.title')}
      </Typography>
      <ApiTokenManager owner={{ kind: 'personal' }} />
    </Box>
  );
}
