import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayNameOf, useCurrentUser } from '../../../session/current-user';
import { SecurityAccountPicker, type PickedAccount } from './SecurityAccountPicker';
import { OrganisationSecurityPanels } from './OrganisationSecurityPanels';
import { UserRolesPanel } from './UserRolesPanel';

/** Security service: capability sets and roles of an account, or the roles of a user. */
export function SecuritySection() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const own: PickedAccount | undefined = user?.CompanyAccount
    ? {
        AccountId: user.CompanyAccount.AccountId,
        AccountType: user.CompanyAccount.AccountType,
        DisplayName: String(user.CompanyAccount.Views.Values.DisplayName ?? displayNameOf(user)),
      }
    : undefined;
  const [picked, setPicked] = useState<PickedAccount | undefined>();
  const account = picked ?? own;
  if (!account) return null;

  return (
    <Stack spacing={2} data-testid="admin-security">
      <Typography color="text.secondary">{t('admin.security.intro')}</Typography>
      <SecurityAccountPicker value={account} onChange={setPicked} />
      {account.AccountType === 'User' ? (
        <UserRolesPanel key={account.AccountId} userId={account.AccountId} userName={account.DisplayName} />
      ) : (
        <OrganisationSecurityPanels accountId={account.AccountId} accountType={account.AccountType} />
      )}
    </Stack>
  );
}
