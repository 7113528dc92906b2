import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';

/**
 * A user's personal API tokens on its account's security tab, for administrators reaching the user
 * (USERS Execute; screen-definitions/screens/user-api-tokens.json): list, revoke after confirmation.
 */
export function UserApiTokensPanel({ userId }: { userId: number }) {
  const { t } = useTranslation();
  return (
    <Box data-testid="user-api-tokens">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('apiTokens.userTab')}
      </Typography>
      <DefinitionGridScreen name="user-api-tokens" context={{ userAccountId: userId }} showTitle={false} whenRefused="hide" height="360px" />
    </Box>
  );
}
