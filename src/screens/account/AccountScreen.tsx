import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isApiError } from '../../api';
import { PageSpinner } from '../../components/PageSpinner';
import type { LoadedAccount } from '../../contract/services/account-schemas';
import { useCurrentUser } from '../../session';
import NotFoundScreen from '../not-found/NotFoundScreen';
import { AccountDetails } from './AccountDetails';
import { AccountHeader } from './AccountHeader';
import { LifecycleActions } from '../lifecycle/LifecycleActions';
import { useAccount } from './account-queries';
import { parseAccountId, subPagesFor } from './sub-pages';

/** The tab screens of the sub-pages, mounted lazily (AG Grid loads with its tab); '' (the details) is AccountDetails. */
export const SUB_PAGE_SCREENS: Record<string, LazyExoticComponent<ComponentType<{ accountId: number; currency?: string }>>> = {
  // Spec §2: billing receives the company currency.
  billing: lazy(() => import('./BillingTab')),
  provisioning: lazy(() => import('../provisioning/ProvisioningTab')),
  notifications: lazy(() => import('./NotificationsTab')),
  'audit-log': lazy(() => import('./AuditLogTab')),
  // Spec §2: the same screen as the audit log, in user-log mode.
  'user-log': lazy(() => import('./AuditLogTab').then((module) => ({ default: module.UserLogTab }))),
  security: lazy(() => import('./SecurityTab')),
  'user-security': lazy(() => import('./UserSecurityTab')),
  'service-info': lazy(() => import('./ServiceInfoTab')),
  'available-services': lazy(() => import('./AvailableServicesTab')),
  hierarchy: lazy(() => import('../lifecycle/HierarchyTab')),
  'custom-charges': lazy(() => import('../custom-charges/CustomChargesTab')),
  'api-tokens': lazy(() => import('../api-tokens/ServiceTokensTab')),
};

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

  if (accountId === undefined) return <NotFoundScreen />;
  if (account.isError) {
    if (isApiError(account.error) && account.error.status === 404) return <NotFoundScreen />;
    return (
      <Alert severity="error" data-testid="account-load-error">
        {t('account.loadFailed')} {account.error instanceof Error ? account.error.message : ''}
      </Alert>
    );
  }
  if (!account.data || !user) return <PageSpinner />;

  const pages = subPagesFor(account.data.AccountType, user.Capability);
  const current = pages.find((page) => page.path === subPage);
  if (!current) return <NotFoundScreen />;
  const SubPageScreen = SUB_PAGE_SCREENS[current.path];
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="account-screen">
      <AccountHeader
        account={account.data}
        actions={<LifecycleActions accountId={accountId} accountType={account.data.AccountType} accountState={account.data.AccountState ?? 'Active'} capabilities={user.Capability} />}
      />
      <Tabs
        value={current.path}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={t('account.sections')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {pages.map((page) => (
          <Tab
            key={page.path}
            value={page.path}
            label={t(page.labelKey)}
            component={RouterLink}
            to={page.path ? `/account/${accountId}/${page.path}` : `/account/${accountId}`}
            data-testid={`account-tab-${page.path || 'details'}`}
          />
        ))}
      </Tabs>
      {current.path === '' ? (
        <AccountDetails key={accountId} account={account.data} user={user} />
      ) : !SubPageScreen ? (
        <NotFoundScreen />
      ) : (
        <Suspense fallback={<PageSpinner />}>
          {/* Keyed: another account starts with a fresh tab (no draft carried over). */}
          <SubPageScreen key={accountId} accountId={accountId} currency={companyCurrency(account.data, user.CompanyAccount?.Views.Values.Currency)} />
        </Suspense>
      )}
    </Box>
  );
}
