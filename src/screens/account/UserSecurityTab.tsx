import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { meetsRequirements } from '../../router/guard';
import { displayNameOf, useCurrentUser } from '../../session/current-user';
import { UserRolesPanel } from '../admin-console/security/UserRolesPanel';
import { useAccount } from './account-queries';
import { UserMfaPanel } from './UserMfaPanel';
import { UserApiTokensPanel } from '../api-tokens/UserApiTokensPanel';

/**
 * /account/{id}/user-security (users): the user's roles for whoever may read
 * security roles, its MFA and personal API tokens for administrators, and the way to one's own
 * sign-in methods on one's own account.
 */
export default function UserSecurityTab({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const account = useAccount(accountId);
  const readsRoles = meetsRequirements(user?.Capability ?? [], [{ ObjectType: 'SECURITY_ROLES', Read: true }]);
  const own = user?.UserAccountId === accountId;
  const readsMfa = meetsRequirements(user?.Capability ?? [], [{ ObjectType: 'MFA', Read: true }]);
  // Administrators reaching the user see and revoke its personal tokens (issue 34).
  const managesTokens = meetsRequirements(user?.Capability ?? [], [{ ObjectType: 'USERS', Execute: true }]);
  const name = String(account.data?.Views.Values?.DisplayName ?? (own && user ? displayNameOf(user) : accountId));
  return (
    <Stack spacing={2} data-testid="account-subpage-user-security">
      {own && (
        <Link component={RouterLink} to="/account-security" data-testid="account-open-security">
          {t('account.openSecurity')}
        </Link>
      )}
      {readsRoles && <UserRolesPanel key={accountId} userId={accountId} userName={name} />}
      {!own && readsMfa && <UserMfaPanel key={`mfa-${accountId}`} userId={accountId} userName={name} />}
      {!own && managesTokens && <UserApiTokensPanel key={`tokens-${accountId}`} userId={accountId} />}
      {!own && !readsRoles && !readsMfa && !managesTokens && <Alert severity="info">{t('account.userSecurityNothing')}</Alert>}
    </Stack>
  );
}
