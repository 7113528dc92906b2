import Box from '@mui/material/Box';
import { useParams } from 'react-router-dom';
import { PageSpinner } from '../../components/PageSpinner';
import { useCurrentUser } from '../../session/current-user';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';

/**
 * /webhooks/:accountId?: an account's webhook endpoints (the user's organisation by default), drawn from
 * screen-definitions/screens/webhooks.json: subscribe (the signing secret shown once), enable, disable, rotate the
 * secret, delete, and each endpoint's deliveries under the grid with replay.
 */
export default function WebhooksScreen() {
  const user = useCurrentUser().data;
  const params = useParams();
  const accountId = Number(params.accountId ?? user?.CompanyAccount?.AccountId ?? 0);
  if (!user) return <PageSpinner />;
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="webhooks-screen">
      <DefinitionGridScreen name="webhooks" context={{ accountId }} height="max(300px, calc(100vh - 520px))" />
    </Box>
  );
}
