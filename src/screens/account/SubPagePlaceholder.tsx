import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import type { LoadedAccount } from '../../contract/services/account-schemas';
import { useCurrentUser } from '../../session';

/**
 * Sub-pages whose screens other parts of the portal provide (README: "not
 * available yet"). Billing already knows the company currency it will show.
 */
export function SubPagePlaceholder({ account, page, currency }: { account: LoadedAccount; page: string; currency?: string }) {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  return (
    <Stack spacing={2} data-testid={`account-subpage-${page}`}>
      <Alert severity="info">{t('account.notAvailable')}</Alert>
      {page === 'billing' && currency && <Alert severity="success">{t('account.billingCurrency', { currency })}</Alert>}
      {page === 'user-security' && user?.UserAccountId === account.AccountId && <Link href="#/account-security">{t('account.openSecurity')}</Link>}
    </Stack>
  );
}
