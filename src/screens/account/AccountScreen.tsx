import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isApiError } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import type { LoadedAccount } from '../../../contract/services/account-schemas';
import { useCurrentUser } from '../../session';
import NotFoundScreen from '../not-found/NotFoundScreen';
import { AccountDetails } from './AccountDetails';
import { AccountHeader } from './AccountHeader';
import { LifecycleActions } from '../lifecycle/LifecycleActions';
import { useAccount } from './account-queries';
import { parseAccountId } from './account-id';
import { ACCOUNT_TAB_SCREENS } from './account-tab-renderers';
import { tabsOf, useAccountTypes } from './account-types';

/** The currency billing shows: the account's own, else the nearest organisation's above it (spec §2). */
function companyCurrency(account: LoadedAccount, userCompanyCurrency: unknown): string | undefined {
  const own = account.Views.Values?.Currency;
  const currency = typeof own === 'string' && own ? own : userCompanyCurrency;
  return typeof currency === 'string' ? currency : undefined;
}

/** /account/{accountId} and its sub-pages (spec §2): the account's layout-driven details and the other tabs. */
export default function AccountScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const accountId = parseAccountId(params.accountId);
  const subPage = params.subPage ?? '';
  const { data: user } = useCurrentUser();
  const account = useAccount(accountId);
  const types = useAccountTypes();

  if (accountId === undefined) return <NotFoundScreen />;
  if (account.isError) {
    if (isApiError(account.error) && account.error.status === 404) return <NotFoundScreen />;
    return (
      <Alert severity="error" data-testid="account-load-error">
        {t('account.loadFailed')} {account.error instanceof Error ? account.error.message : ''}
      </Alert>
    );
  }
  if (!account.data || !user || (types.isPending && !types.isError)) return <PageSpinner />;

  // The tabs of the account's type, from its layout (issue 33): ordered, shown by capability, drawn by a renderer by name.
  const pages = tabsOf(types.data, account.data.AccountType) ?? [{ Path: '', Label: t('account.tabs.details'), Renderer: 'details' }];
  const current = pages.find((page) => page.Path === subPage);
  if (!current) return <NotFoundScreen />;
  const SubPageScreen = current.Renderer === 'details' ? undefined : ACCOUNT_TAB_SCREENS[current.Renderer as keyof typeof ACCOUNT_TAB_SCREENS];
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="account-screen">
      <AccountHeader
        account={account.data}
        actions={<LifecycleActions accountId={accountId} accountType={account.data.AccountType} accountState={account.data.AccountState ?? 'Active'} capabilities={user.Capability} />}
      />
      <Tabs
        value={current.Path}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={t('account.sections')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {pages.map((page) => (
          <Tab
            key={page.Path}
            value={page.Path}
            label={page.Label}
            component={RouterLink}
            to={page.Path ? `/account/${accountId}/${page.Path}` : `/account/${accountId}`}
            data-testid={`account-tab-${page.Path || 'details'}`}
          />
        ))}
      </Tabs>
      {current.Renderer === 'details' ? (
        <AccountDetails key={accountId} account={account.data} user={user} />
      ) : !SubPageScreen ? (
        <NotFoundScreen />
      ) : (
        <Suspense fallback={<PageSpinner />}>
          {/* Keyed: another account starts with a fresh tab (no draft carried over). */}
          <SubPageScreen
            key={`${accountId}/${current.Path}`}
            accountId={accountId}
            currency={companyCurrency(account.data, user.CompanyAccount?.Views.Values.Currency)}
            tab={current}
            account={account.data}
          />
        </Suspense>
      )}
    </Box>
  );
}
