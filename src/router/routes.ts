/**
 * The route table: one record per screen. To add a screen, add a record here
 * with a lazy element and its line in contract/screen-routes.ts (what it needs);
 * the guard and the layouts pick it up from its flags.
 * A screen that is a definition needs no code: its element is the list screen
 * (screens/list/ListScreen), which draws the definition its `drawnBy` names
 * with the route's parameters and query as the definition's context.
 */
import type { ComponentType } from 'react';
import { screenAccess } from '../../contract/screen-routes';
import { lazyComponent } from '../../renderers/lazy-component';
import type { AppRoute } from './route-record';
import { loadScreenTexts } from './screen-texts';

type ScreenModule = { default: ComponentType };

/** A screen loaded with its route, together with the texts beyond the sign-in part (src/i18n/text-parts.ts). */
const screen = (load: () => Promise<ScreenModule>) =>
  lazyComponent(() => Promise.all([load(), loadScreenTexts()]).then(([module]) => module));

/** The sign-in screen: it shows only the sign-in part of the texts, so it does not wait for the rest. */
const signInScreen = (load: () => Promise<ScreenModule>) => lazyComponent(load);

export const appRoutes: AppRoute[] = [
  { path: '/login', element: signInScreen(() => import('../screens/login/LoginScreen')), public: true, plain: true, drawnBy: { code: 'sign-in page', signIn: true } },
  // The start page is its definition alone: the cards board (the server's card files, screen-definitions/cards) under the welcome.
  { path: '/', element: screen(() => import('../screens/list/ListScreen')), drawnBy: { definition: 'dashboard' } },
  {
    path: '/admin-console/:methodName?',
    element: screen(() => import('../screens/admin-console/AdminConsoleScreen')),
    requires: screenAccess('/admin-console/:methodName?'),
    drawnBy: { code: 'the platform operators console: method forms, security sets and roles' },
  },
  // Identity (spec §2, §4, §5): the MFA sign-in step has no session yet, so it is public.
  { path: '/login-mfa', element: screen(() => import('../screens/list/ListScreen')), public: true, plain: true, drawnBy: { definition: 'login-mfa', signIn: true } },
  { path: '/select-mfa-method', element: screen(() => import('../screens/list/ListScreen')), public: true, plain: true, drawnBy: { definition: 'select-mfa-method', signIn: true } },
  { path: '/setup-mfa', element: screen(() => import('../screens/list/ListScreen')), plain: true, drawnBy: { definition: 'setup-mfa', signIn: true } },
  { path: '/setup-mfa-email', element: screen(() => import('../screens/list/ListScreen')), plain: true, drawnBy: { definition: 'setup-mfa-email', signIn: true } },
  { path: '/account-security', element: screen(() => import('../screens/mfa/AccountSecurityScreen')), drawnBy: { code: 'MFA and passkey settings of the signed-in user', signIn: true } },
  // Issue 26: the signed-in user's personal API tokens (service tokens are an account tab).
  { path: '/api-tokens', element: screen(() => import('../screens/api-tokens/ApiTokensScreen')), drawnBy: { definition: 'api-tokens' } },
  // Issue 26: an account's webhook endpoints, deliveries, replays and secrets (the user's organisation by default).
  { path: '/webhooks/:accountId?', element: screen(() => import('../screens/webhooks/WebhooksScreen')), requires: screenAccess('/webhooks/:accountId?'), drawnBy: { definition: 'webhooks' } },
  // Issue 38: the public status page (the branding's status_page_url replaces it in links when set).
  { path: '/status', element: screen(() => import('../screens/list/ListScreen')), public: true, plain: true, drawnBy: { definition: 'status' } },
  { path: '/change-password', element: screen(() => import('../screens/list/ListScreen')), plain: true, drawnBy: { definition: 'change-password', signIn: true } },
  { path: '/reset-password', element: screen(() => import('../screens/list/ListScreen')), public: true, plain: true, drawnBy: { definition: 'reset-password-request', signIn: true } },
  { path: '/reset-password/:username/:token', element: screen(() => import('../screens/list/ListScreen')), public: true, plain: true, drawnBy: { definition: 'reset-password', signIn: true } },
  // Single sign-on (spec §2): the provider's return, and linking an identity to a user.
  { path: '/sso-auth/:code/:state', element: screen(() => import('../screens/list/ListScreen')), public: true, plain: true, drawnBy: { definition: 'sso-auth', signIn: true } },
  { path: '/sso-link/:openIdSubIdentifier', element: screen(() => import('../screens/sso/SsoLinkScreen')), public: true, plain: true, drawnBy: { code: 'single sign-on link', signIn: true } },
  // Screens from screen definitions (engine/grids): provisioning needs either provisioning capability (spec §6).
  {
    path: '/provisioning',
    element: screen(() => import('../screens/provisioning/ProvisioningScreen')),
    requires: screenAccess('/provisioning'),
    drawnBy: { definition: 'provisioning' },
  },
  // Business screens from screen definitions: imports, credit-check orders, pricing rules (custom charges are an account tab).
  // The pricing rules are their definition alone: the rule editor and its price preview are the definition's rowForm.
  // An import's upload (a create form with its file's preview) and its details (the detail panel following the run, its accounts' grid) are the definition alone.
  { path: '/provisioning/my-imports', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/provisioning/my-imports'), drawnBy: { definition: 'imports' } },
  // The credit-check orders are their definitions alone: the order's drawer (fields, invoice, files, actions) is the detail panel.
  { path: '/orders/my-orders', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/orders/my-orders'), drawnBy: { definition: 'credit-check-orders' } },
  { path: '/orders/request-review', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/orders/request-review'), drawnBy: { definition: 'credit-check-review' } },
  { path: '/pricing-rules', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/pricing-rules'), drawnBy: { definition: 'pricing-rules' } },
  // The service catalogue (issue 12): Explore, service detail, the vendor's service tool and its service groups.
  // Explore and the service detail are their definitions alone (the list screen opens drawnBy's definition, the route's values its context).
  { path: '/explore', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/explore'), drawnBy: { definition: 'explore' } },
  { path: '/explore/search/:searchText', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/explore/search/:searchText'), drawnBy: { definition: 'explore' } },
  ...(['/service/:serviceId', '/service/:serviceId/:pricelistId'] as const).map(
    (path): AppRoute => ({
      path,
      element: screen(() => import('../screens/list/ListScreen')),
      drawnBy: { definition: 'service-detail' },
      requires: screenAccess(path),
    }),
  ),
  // The service tool is its definitions alone: a service opens its texts' Excel round trip (service-texts) in a dialog.
  { path: '/service-tool', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/service-tool'), drawnBy: { definition: 'my-services' } },
  {
    path: '/service-tool/edit-service-groups',
    // The groups, their download and upload (errors as a table) and the priceable items are the definition alone.
    element: screen(() => import('../screens/list/ListScreen')),
    requires: screenAccess('/service-tool/edit-service-groups'),
    drawnBy: { definition: 'service-groups' },
  },
  // Pricelists (issue 12). Spec §6: Marketplace Read opens the list (it says when there is nothing to manage);
  // prices, propagation and customers need the pricelists capability too.
  ...(
    [
      // Drawn by their definitions: the heading, the way back, the leave guard and the save's jobs are definition parts.
      ['/pricelists', () => import('../screens/list/ListScreen'), { definition: 'pricelists' }],
      ['/pricelists/:marketplaceId/edit-prices', () => import('../screens/list/ListScreen'), { definition: 'prices' }],
      ['/pricelists/:marketplaceId/edit-all-prices', () => import('../screens/list/ListScreen'), { definition: 'all-prices' }],
      // The pricelist picker's choice is kept in the query (a thin wrapper of the generic screen).
      ['/propagation', () => import('../screens/pricelists/PropagationScreen'), { definition: 'propagation' }],
      ['/add-to-pricelist', () => import('../screens/pricelists/PricelistCustomersScreen'), { definition: 'pricelist-customers' }],
    ] as const
  ).map(([path, load, drawnBy]): AppRoute => ({
    path,
    element: screen(load),
    drawnBy,
    requires: screenAccess(path),
  })),
  // Quotes (issue 14): my quotes, customer quotes (the HIERARCHY value), the editor; reports.
  { path: '/quotes', element: screen(() => import('../screens/quotes/MyQuotesScreen')), requires: screenAccess('/quotes'), drawnBy: { definition: 'quotes' } },
  {
    path: '/quotes/customers',
    element: screen(() => import('../screens/quotes/CustomerQuotesScreen')),
    requires: screenAccess('/quotes/customers'),
    drawnBy: { definition: 'customer-quotes' },
  },
  { path: '/quotes/new', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/quotes/new'), drawnBy: { definition: 'quote-editor' } },
  { path: '/quotes/:quoteId', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/quotes/:quoteId'), drawnBy: { definition: 'quote-editor' } },
  // The report definitions the user may run beside the chosen one's chart and table: the reports definition's runner.
  { path: '/reports', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/reports'), drawnBy: { definition: 'reports' } },
  { path: '/reports/:reportId', element: screen(() => import('../screens/list/ListScreen')), requires: screenAccess('/reports/:reportId'), drawnBy: { definition: 'reports' } },
  // The definition studio (issue 15): layouts and screen definitions edited, previewed and published in the portal.
  { path: '/studio', element: screen(() => import('../screens/studio/StudioScreen')), requires: screenAccess('/studio'), drawnBy: { code: 'the definition studio itself edits definitions; it cannot be one' } },
  // Any definition file, by name; the screen checks the definition's own access.
  { path: '/list/:definitionName', element: screen(() => import('../screens/list/ListScreen')), drawnBy: { definition: '*' } },
  // Any wizard layout (wizards/<name>) by its name; its calls are checked by the server as any call.
  { path: '/wizard/:wizardName', element: screen(() => import('../screens/list/WizardScreen')), drawnBy: { wizard: '*' } },
  // The shell (issue 4): cookie consent per service (public, plain), and accounts opened by a host app.
  { path: '/consent/:usercentricsServiceId', element: screen(() => import('../screens/list/ListScreen')), public: true, plain: true, drawnBy: { definition: 'consent' } },
  { path: '/Account/View/:accountId', element: screen(() => import('../shell/embedded/EmbeddedAccountRedirect')), drawnBy: { code: 'a redirect for host apps, no body' } },
  // An account's page is its definition alone (issue 33): its head and lifecycle actions, and the tabs its type's
  // layout names (Account/ListAccountTypes), each a definition drawn with the account; the sub-page names the tab.
  { path: '/account/:accountId', element: screen(() => import('../screens/list/ListScreen')), drawnBy: { definition: 'account' } },
  { path: '/account/:accountId/:subPage', element: screen(() => import('../screens/list/ListScreen')), drawnBy: { definition: 'account' } },
  // The New menu's targets (spec §2 footer): any account type of the layouts, by its Segment; the screen
  // answers "not found" for a type the user may not create (Account/ListAccountTypes' MayCreate).
  { path: '/account/new/:accountType', element: screen(() => import('../screens/list/ListScreen')), drawnBy: { definition: 'account-create' } },
  { path: '/account/:parentId/new/:accountType', element: screen(() => import('../screens/list/ListScreen')), drawnBy: { definition: 'account-create' } },
  // The accounts within reach (issue 16): the tree beside the selected account's children; the search results page
  // is its definition alone (lists of links: accounts paged by the server, services for Marketplace Read).
  { path: '/accounts/:accountId?', element: screen(() => import('../screens/list/ListScreen')), drawnBy: { definition: 'accounts' } },
  { path: '/search/:text', element: screen(() => import('../screens/list/ListScreen')), drawnBy: { definition: 'search-results' } },
  // Account lifecycle (issue 13): the company hierarchy, termination and move.
  { path: '/hierarchy/:accountId?', element: screen(() => import('../screens/list/ListScreen')), drawnBy: { definition: 'hierarchy' } },
  { path: '/terminate', element: screen(() => import('../screens/list/WizardScreen')), requires: screenAccess('/terminate'), drawnBy: { wizard: 'wizards/terminate' } },
  { path: '/move', element: screen(() => import('../screens/list/WizardScreen')), requires: screenAccess('/move'), drawnBy: { wizard: 'wizards/move' } },
  { path: '/upgrade-subscription/:accountId', element: screen(() => import('../screens/list/WizardScreen')), requires: screenAccess('/upgrade-subscription/:accountId'), drawnBy: { wizard: 'wizards/upgrade' } },
  // Issue 38: the chat conversations handed over to a person (support console), answered live.
  { path: '/support/conversations', element: screen(() => import('../chat/SupportConsole')), requires: screenAccess('/support/conversations'), drawnBy: { code: 'live chat console: waiting conversations beside the one being answered' } },
  // Issue 38: co-browsing, a user's shared screen seen live (rrweb's replayer loads with it).
  { path: '/support/cobrowse', element: screen(() => import('../cobrowse/CobrowseConsole')), requires: screenAccess('/support/cobrowse'), drawnBy: { code: 'co-browsing console: join with a code, the user\'s page replayed live' } },
  // Any other path; the router ranks it below every specific path.
  { path: '*', element: screen(() => import('../screens/not-found/NotFoundScreen')), drawnBy: { code: 'the not-found page' } },
];
