/**
 * The accessibility and small-screen sweep's targets (tests/e2e/screens-sweep.spec.ts): for every path of the
 * route table (src/router/routes.ts), the concrete addresses a demo user opens, with ids found at run time.
 * A route missing here fails the sweep's first test, so a new screen is swept from the day it is added.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Capability } from '../../contract';
import { serviceCall } from './account-support';

/** What a signed-in demo user's addresses are made of: its own accounts and one of each thing it may see. */
export interface SweepIds {
  capabilities: Capability[];
  /** The account page's tab paths per account type, as Account/ListAccountTypes answers them for the user. */
  typeTabs: Record<string, string[]>;
  userId: number;
  companyId: number;
  companyType: string;
  /** The company whose tabs are swept: Contoso for those above it, else the user's own organisation. */
  customerId: number;
  customerType: string;
  productId?: number;
  quoteId?: number;
  marketplaceId?: number;
  serviceId?: number;
}

/** A route's addresses for one user ([] = not swept for this user, with the reason in SKIPPED). */
type Addresses = (ids: SweepIds) => string[];

const accountTabs = (accountId: number, type: string, ids: SweepIds) =>
  (ids.typeTabs[type] ?? ['']).map((path) => `/account/${accountId}${path ? `/${path}` : ''}`);

/** Signed-in routes. Those needing an id the user cannot reach are left out for that user. */
export const SIGNED_IN_ROUTES: Record<string, Addresses> = {
  '/': () => ['/'],
  '/admin-console/:methodName?': () => ['/admin-console'],
  '/account-security': () => ['/account-security'],
  '/api-tokens': () => ['/api-tokens'],
  '/webhooks/:accountId?': () => ['/webhooks'],
  '/change-password': () => ['/change-password'],
  '/provisioning': () => ['/provisioning'],
  '/provisioning/my-imports': () => ['/provisioning/my-imports'],
  '/orders/my-orders': () => ['/orders/my-orders'],
  '/orders/request-review': () => ['/orders/request-review'],
  '/pricing-rules': () => ['/pricing-rules'],
  '/explore': () => ['/explore'],
  '/explore/search/:searchText': () => ['/explore/search/backup'],
  '/service/:serviceId': (ids) => (ids.serviceId ? [`/service/${ids.serviceId}`] : []),
  '/service/:serviceId/:pricelistId': (ids) => (ids.serviceId && ids.marketplaceId ? [`/service/${ids.serviceId}/${ids.marketplaceId}`] : []),
  '/service-tool': () => ['/service-tool'],
  '/service-tool/edit-service-groups': () => ['/service-tool/edit-service-groups'],
  '/pricelists': () => ['/pricelists'],
  '/pricelists/:marketplaceId/edit-prices': (ids) => (ids.marketplaceId ? [`/pricelists/${ids.marketplaceId}/edit-prices`] : []),
  '/pricelists/:marketplaceId/edit-all-prices': (ids) => (ids.marketplaceId ? [`/pricelists/${ids.marketplaceId}/edit-all-prices`] : []),
  '/propagation': () => ['/propagation'],
  '/add-to-pricelist': () => ['/add-to-pricelist'],
  '/quotes': () => ['/quotes'],
  '/quotes/customers': () => ['/quotes/customers'],
  '/quotes/new': () => ['/quotes/new'],
  '/quotes/:quoteId': (ids) => (ids.quoteId ? [`/quotes/${ids.quoteId}`] : []),
  '/reports': () => ['/reports'],
  '/reports/:reportId': () => ['/reports/revenue-by-month'],
  '/studio': () => ['/studio'],
  '/list/:definitionName': (ids) => [`/list/account-requests?accountId=${ids.customerId}`],
  // Any wizard by its name (issue 33): the move wizard about the company, its steps drawn.
  '/wizard/:wizardName': (ids) => [`/wizard/move?accountId=${ids.customerId}`],
  '/account/:accountId': (ids) => [`/account/${ids.customerId}`],
  '/account/:accountId/:subPage': (ids) => [
    ...accountTabs(ids.customerId, ids.customerType, ids).slice(1),
    // The user's own account: its details (the tabs beyond are the audit and notification grids again).
    `/account/${ids.userId}`,
    // A subscription's own tab; its other tabs are the company's grids again.
    ...(ids.productId ? [`/account/${ids.productId}/service-info`] : []),
  ],
  // Account types are data (issue 33): one route, the demo's creatable types.
  '/account/new/:accountType': () => ['service', 'user', 'department', 'company', 'reseller'].map((type) => `/account/new/${type}`),
  '/account/:parentId/new/:accountType': (ids) => [`/account/${ids.customerId}/new/user`],
  '/accounts/:accountId?': () => ['/accounts'],
  '/search/:text': () => ['/search/contoso'],
  '/hierarchy/:accountId?': () => ['/hierarchy'],
  '/terminate': () => ['/terminate'],
  '/move': () => ['/move'],
  '/upgrade-subscription/:accountId': (ids) => (ids.productId ? [`/upgrade-subscription/${ids.productId}`] : []),
  // Issue 38: the chat's support console.
  '/support/conversations': () => ['/support/conversations'],
  // Issue 38: co-browsing's console (joined with a code; swept as it opens).
  '/support/cobrowse': () => ['/support/cobrowse'],
  '*': () => ['/no-such-page'],
};

/** Public routes, swept once signed out. */
export const PUBLIC_ROUTES: Record<string, string[]> = {
  '/login': ['/login'],
  '/reset-password': ['/reset-password'],
  '/reset-password/:username/:token': ['/reset-password/basic.user/not-a-token'],
  '/consent/:usercentricsServiceId': ['/consent/analytics'],
  // Issue 38: the public status page.
  '/status': ['/status'],
};

/** Routes not swept, and why. */
export const SKIPPED: Record<string, string> = {
  '/login-mfa': 'needs the password step first; swept by identity-mfa.spec.ts',
  '/select-mfa-method': 'needs the password step first',
  '/setup-mfa': 'only while MFA must be set up (mfa.setup.user); identity-mfa.spec.ts',
  '/setup-mfa-email': 'only while MFA must be set up',
  '/sso-auth/:code/:state': "the provider's return: a redirect",
  '/sso-link/:openIdSubIdentifier': "needs the provider's pending link",
  '/Account/View/:accountId': 'a redirect to /account/:accountId for host apps',
};

/** The ids of one signed-in user, found through the services as the screens would. */
export async function sweepIdsOf(request: APIRequestContext): Promise<SweepIds> {
  const me = await serviceCall<{ UserAccountId: number; Capability: Capability[]; CompanyAccount: { AccountId: number; AccountType: string } }>(request, 'Authorization', 'GetCurrentUser');
  const { UserAccountId: userId, Capability: capabilities, CompanyAccount: company } = me.body;
  const contoso = await serviceCall<{ AccountId: number; AccountType: string; DisplayName: string }[]>(request, 'Account', 'SearchAccount', { text: 'Contoso Ltd' });
  const customer = (contoso.status === 200 ? contoso.body.find((account) => account.DisplayName === 'Contoso Ltd' && account.AccountId !== company.AccountId) : undefined) ?? { AccountId: company.AccountId, AccountType: company.AccountType };
  const products = await serviceCall<{ Rows: { AccountId: number }[] }>(request, 'Account', 'GetAccountChildren', {
    accountId: customer.AccountId,
    query: { startRow: 0, endRow: 1, filterModel: { AccountType: { filterType: 'set', values: ['Product'] } } },
  });
  const quotes = await serviceCall<{ Rows: { Id: number }[] }>(request, 'Quotes', 'ListQuotesWithPagination', { input: { startRow: 0, endRow: 1 } });
  const pricelists = await serviceCall<{ Id: number }[]>(request, 'Marketplace', 'ListMarketplaces');
  const services = await serviceCall<{ Services: { Id: number }[] }>(request, 'Marketplace', 'SearchServices', { limit: 1 });
  const types = await serviceCall<{ AccountType: string; Tabs: { Path: string }[] }[]>(request, 'Account', 'ListAccountTypes');
  return {
    capabilities,
    typeTabs: Object.fromEntries(types.body.map((type) => [type.AccountType, type.Tabs.map((tab) => tab.Path)])),
    userId,
    companyId: company.AccountId,
    companyType: company.AccountType,
    customerId: customer.AccountId,
    customerType: customer.AccountType,
    productId: products.status === 200 ? products.body.Rows[0]?.AccountId : undefined,
    quoteId: quotes.status === 200 ? quotes.body.Rows[0]?.Id : undefined,
    marketplaceId: pricelists.status === 200 ? pricelists.body[0]?.Id : undefined,
    serviceId: services.status === 200 ? services.body.Services[0]?.Id : undefined,
  };
}
