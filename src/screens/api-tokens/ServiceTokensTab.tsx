import Box from '@mui/material/Box';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';

/** The account page's "API tokens" tab: the account's service tokens (screen-definitions/screens/service-tokens.json; USERS Read to see, Create to make and revoke). */
export default function ServiceTokensTab({ accountId }: { accountId: number }) {
  return (
    <Box data-testid="api-tokens">
      <DefinitionGridScreen name="service-tokens" context={{ accountId }} showTitle={false} whenRefused="hide" height="max(360px, calc(100vh - 380px))" />
    </Box>
  );
}
