import Box from '@mui/material/Box';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';

/**
 * /api-tokens: the signed-in user's personal API tokens (issue 26), drawn from
 * screen-definitions/screens/api-tokens.json: the list, the create form whose token is
 * shown once, and revoke (with confirmation) on an active token's panel.
 */
export default function ApiTokensScreen() {
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="api-tokens-screen">
      <Box data-testid="api-tokens">
        <DefinitionGridScreen name="api-tokens" height="max(360px, calc(100vh - 320px))" />
      </Box>
    </Box>
  );
}
