/**
 * The route table: one record per screen. To add a screen, add a record here
 * with a lazy element; the guard and the layouts pick it up from its flags.
 */
import { lazy, type ComponentType } from 'react';
import type { AppRoute } from './route-record';
import { loadScreenTexts } from './screen-texts';

type ScreenModule = { default: ComponentType };

/** A screen loaded with its route, together with the texts beyond the sign-in part (src/i18n/text-parts.ts). */
const screen = (load: () => Promise<ScreenModule>) =>
  lazy(() => Promise.all([load(), loadScreenTexts()]).then(([module]) => module));

/** The sign-in screen: it shows only the sign-in part of the texts, so it does not wait for the rest. */
const signInScreen = (load: () => Promise<ScreenModule>) => lazy(load);

export const appRoutes: AppRoute[] = [
  { path: '/login', element: signInScreen(() => import('../screens/login/LoginScreen')), public: true, plain: true, drawnBy: { code: 'sign-in page', signIn: true } },
  { path: '/', element: screen(() => import('../screens/dashboard/DashboardScreen')), drawnBy: { code: 'the start page: cards from card files (server/services/dashboard/cards), each drawn by its own kind' } },
  {
    path: '/admin-console/:methodName?',
    element: screen(() => import('../screens/admin-console/AdminConsoleScreen')),
    requires: [{ ObjectType: 'ADMINISTRATIVE', Read: true }],
    drawnBy: { code: 'the platform operators console: method forms, security sets and roles' },
  },
  // Identity (spec §2, §4, §5): the MFA sign-in step has no session yet, so it is public.
  { path: '/login-mfa', element: screen(() => import('../screens/mfa/LoginMfaScreen')), public: true, plain: true, drawnBy: { code: 'MFA sign-in step', signIn: true } },
  { path: '/select-mfa-method', element: screen(() => import('../screens/mfa/SelectMfaMethodScreen')), public: true, plain: true, drawnBy: { code: 'MFA sign-in step', signIn: true } },
  { path: '/setup-mfa', element: screen(() => import('../screens/mfa/SetupMfaScreen')), plain: true, drawnBy: { code: 'MFA sign-in step', signIn: true } },
  { path: '/setup-mfa-email', element: screen(() => import('../screens/mfa/SetupMfaEmailScreen')), plain: true, drawnBy: { code: 'MFA sign-in step', signIn: true } },
  { path: '/account-security', element: screen(() => import('../screens/mfa/AccountSecurityScreen')), drawnBy: { code: 'MFA and passkey settings of the signed-in user', signIn: true } },
  // Issue 26: the signed-in user's personal API tokens (service tokens are an account tab).
  { path: '/api-tokens', element: screen(() => import('../screens/api-tokens/ApiTokensScreen')), drawnBy: { definition: 'api-tokens' } },
  // Issue 26: an account's webhook endpoints, deliveries, replays and secrets (the user's organisation by default).
  { path: '/webhooks/:accountId?', element: screen(() => import('../screens/webhooks/WebhooksScreen')), requires: [{ ObjectType: 'WEBHOOKS', Read: true }], drawnBy: { definition: 'webhooks' } },
  { path: '/change-password', element: screen(() => import('../screens/password/ChangePasswordScreen')), plain: true, drawnBy: { code: 'password page', signIn: true } },
  { path: '/reset-password', element: screen(() => import('../screens/password/ResetPasswordRequestScreen')), public: true, plain: true, drawnBy: { code: 'password page', signIn: true } },
  { path: '/reset-password/:username/:token', element: screen(() => import('../screens/password/ResetPasswordScreen')), public: true, plain: true, drawnBy: { code: 'password page', signIn: true } },
  // Single sign-on (spec §2): the provider's return, and linking an identity to a user.
  { path: '/sso-auth/:code/:state', element: screen(() => import('../screens/sso/SsoAuthScreen')), public: true, plain: true, drawnBy: { code: 'single sign-on return', signIn: true } },
  { path: '/sso-link/:openIdSubIdentifier', element: screen(() => import('../screens/sso/SsoLinkScreen')), public: true, plain: true, drawnBy: { code: 'single sign-on link', signIn: true } },
  // Screens from screen definitions (engine/grids): provisioning needs either provisioning capability (spec §6).
  {
    path: '/provisioning',
    element: screen(() => import('../screens/provisioning/ProvisioningScreen')),
    requires: [{ anyOf: [{ ObjectType: 'FAILED_PROVISIONING', Read: true }, { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true }] }],
    drawnBy: { definition: 'provisioning' },
  },
  // Business screens from screen definitions: imports, credit-check orders, pricing rules (custom charges are an account tab).
  { path: '/provisioning/my-imports', element: screen(() => import('../screens/imports/MyImportsScreen')), requires: [{ ObjectType: 'MY_IMPORTS', Read: true }], drawnBy: { definition: 'imports' } },
  { path: '/orders/my-orders', element: screen(() => import('../screens/orders/MyOrdersScreen')), requires: [{ ObjectType: 'CREDIT_CHECK_COMPANY_ORDERS', Read: true }], drawnBy: { definition: 'credit-check-orders' } },
  { path: '/orders/request-review', element: screen(() => import('../screens/orders/RequestReviewScreen')), requires: [{ ObjectType: 'CREDIT_CHECK_ORDER_MANAGEMENT', Read: true }], drawnBy: { definition: 'credit-check-review' } },
  { path: '/pricing-rules', element: screen(() => import('../screens/pricing/PricingRulesScreen')), requires: [{ ObjectType: 'PRICING_RULES', Read: true }], drawnBy: { definition: 'pricing-rules' } },
  // The service catalogue (issue 12): Explore, service detail, the vendor's service tool and its service groups.
  { path: '/explore', element: screen(() => import('../screens/catalog/ExploreScreen')), requires: [{ ObjectType: 'MARKETPLACE', Read: true }], drawnBy: { definition: 'explore' } },
  { path: '/explore/search/:searchText', element: screen(() => import('../screens/catalog/ExploreScreen')), requires: [{ ObjectType: 'MARKETPLACE', Read: true }], drawnBy: { definition: 'explore' } },
  ...['/service/:serviceId', '/service/:serviceId/:pricelistId'].map(
    (path): AppRoute => ({
      path,
      element: screen(() => import('../screens/catalog/ServiceDetailScreen')),
      drawnBy: { definition: 'service-detail' },
      requires: [{ anyOf: [{ ObjectType: 'MARKETPLACE', Read: true }, { ObjectType: 'MY_SERVICES', Read: true }] }],
    }),
  ),
  { path: '/service-tool', element: screen(() => import('../screens/catalog/ServiceToolScreen')), requires: [{ ObjectType: 'MY_SERVICES', Read: true }], drawnBy: { definition: 'my-services' } },
  {
    path: '/service-tool/edit-service-groups',
    element: screen(() => import('../screens/catalog/ServiceGroupsScreen')),
    requires: [{ ObjectType: 'SERVICE_TOOLS', Read: true }],
    drawnBy: { definition: 'service-groups' },
  },
  // Pricelists (issue 12). Spec §6: Marketplace Read opens the list (it says when there is nothing to manage);
  // prices, propagation and customers need the pricelists capability too.
  { path: '/pricelists', element: screen(() => import('../screens/pricelists/PricelistsScreen')), requires: [{ ObjectType: 'MARKETPLACE', Read: true }], drawnBy: { definition: 'pricelists' } },
  ...(
    [
      // drawnBy: definition prices / all-prices (the wrappers add only the heading, the leave guard and the save's jobs).
      ['/pricelists/:marketplaceId/edit-prices', () => import('../screens/pricelists/PricesScreen'), { definition: 'prices' }],
      ['/pricelists/:marketplaceId/edit-all-prices', () => import('../screens/pricelists/AllPricesScreen'), { definition: 'all-prices' }],
      ['/propagation', () => import('../screens/pricelists/PropagationScreen'), { definition: 'propagation' }],
      ['/add-to-pricelist', () => import('../screens/pricelists/PricelistCustomersScreen'), { definition: 'pricelist-customers' }],
    ] as const
  ).map(([path, load, drawnBy]): AppRoute => ({
    path,
    element: screen(load),
    drawnBy,
    requires: [{ ObjectType: 'MARKETPLACE', Read: true }, { ObjectType: 'PRICE_LISTS', Read: true }],
  })),
  // Quotes (issue 14): my quotes, customer quotes (the HIERARCHY value), the editor; reports.
  { path: '/quotes', element: screen(() => import('../screens/quotes/MyQuotesScreen')), requires: [{ ObjectType: 'QUOTATION_TOOL', Read: true }], drawnBy: { definition: 'quotes' } },
  {
    path: '/quotes/customers',
    element: screen(() => import('../screens/quotes/CustomerQuotesScreen')),
    requires: [{ ObjectType: 'QUOTATION_TOOL', Read: true, Value: 'HIERARCHY' }],
    drawnBy: { definition: 'customer-quotes' },
  },
  { path: '/quotes/new', element: screen(() => import('../screens/quotes/QuoteEditorScreen')), requires: [{ ObjectType: 'QUOTATION_TOOL', Create: true }], drawnBy: { definition: 'quote-lines' } },
  { path: '/quotes/:quoteId', element: screen(() => import('../screens/quotes/QuoteEditorScreen')), requires: [{ ObjectType: 'QUOTATION_TOOL', Read: true }], drawnBy: { definition: 'quote-lines' } },
  { path: '/reports', element: screen(() => import('../screens/reports/ReportsScreen')), requires: [{ ObjectType: 'REPORTING', Read: true }], drawnBy: { report: '*' } },
  { path: '/reports/:reportId', element: screen(() => import('../screens/reports/ReportsScreen')), requires: [{ ObjectType: 'REPORTING', Read: true }], drawnBy: { report: '*' } },
  // The definition studio (issue 15): layouts and screen definitions edited, previewed and published in the portal.
  { path: '/studio', element: screen(() => import('../screens/studio/StudioScreen')), requires: [{ ObjectType: 'DEFINITION_STUDIO', Read: true }], drawnBy: { code: 'the definition studio itself edits definitions; it cannot be one' } },
  // Any definition file, by name; the screen checks the definition's own access.
  { path: '/list/:definitionName', element: screen(() => import('../screens/list/ListScreen')), drawnBy: { definition: '*' } },
  // The shell (issue 4): cookie consent per service (public, plain), and accounts opened by a host app.
  { path: '/consent/:usercentricsServiceId', element: screen(() => import('../screens/consent/ConsentScreen')), public: true, plain: true, drawnBy: { code: 'cookie consent of the consent provider, per service' } },
  { path: '/Account/View/:accountId', element: screen(() => import('../shell/embedded/EmbeddedAccountRedirect')), drawnBy: { code: 'a redirect for host apps, no body' } },
  // Accounts from their view layouts (engine/forms): details and sub-pages, and the New menu's create screens.
  { path: '/account/:accountId', element: screen(() => import('../screens/account/AccountScreen')), drawnBy: { layout: 'accounts/*' } },
  { path: '/account/:accountId/:subPage', element: screen(() => import('../screens/account/AccountScreen')), drawnBy: { layout: 'accounts/*' } },
  // The New menu's targets (spec §2 footer), one per type so the menu finds them with their capability.
  ...(
    [
      ['service', 'PRODUCT_ACCOUNT'],
      ['user', 'USER_ACCOUNT'],
      ['department', 'DEPARTMENT_ACCOUNT'],
      ['company', 'COMPANY_ACCOUNT'],
      ['reseller', 'RESELLER_ACCOUNT'],
    ] as const
  ).map(([type, objectType]): AppRoute => ({
    path: `/account/new/${type}`,
    element: screen(() => import('../screens/account/CreateAccountScreen')),
    drawnBy: { layout: 'accounts/*' },
    requires: [{ ObjectType: objectType, Create: true }],
  })),
  { path: '/account/:parentId/new/:accountType', element: screen(() => import('../screens/account/CreateAccountScreen')), drawnBy: { layout: 'accounts/*' } },
  // The accounts within reach (issue 16): the tree beside the selected account's children; the search results page.
  { path: '/accounts/:accountId?', element: screen(() => import('../screens/accounts/AccountsScreen')), drawnBy: { definition: 'account-children' } },
  { path: '/search/:text', element: screen(() => import('../screens/search/SearchResultsScreen')), drawnBy: { code: 'search results: a ranked list of accounts, services and pages' } },
  // Account lifecycle (issue 13): the company hierarchy, termination and move.
  { path: '/hierarchy/:accountId?', element: screen(() => import('../screens/lifecycle/HierarchyScreen')), drawnBy: { definition: 'hierarchy' } },
  { path: '/terminate', element: screen(() => import('../screens/lifecycle/TerminateScreen')), requires: [{ ObjectType: 'ACCOUNT_TERMINATION', Read: true }], drawnBy: { layout: 'wizards/terminate' } },
  { path: '/move', element: screen(() => import('../screens/lifecycle/MoveScreen')), requires: [{ ObjectType: 'ACCOUNT_MOVE', Read: true }], drawnBy: { layout: 'wizards/move' } },
  { path: '/upgrade-subscription/:accountId', element: screen(() => import('../screens/upgrade/UpgradeScreen')), requires: [{ ObjectType: 'SUBSCRIPTIONS', Execute: true }], drawnBy: { layout: 'wizards/upgrade' } },
  // Any other path; the router ranks it below every specific path.
  { path: '*', element: screen(() => import('../screens/not-found/NotFoundScreen')), drawnBy: { code: 'the not-found page' } },
];
