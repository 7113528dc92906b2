/**
 * Which capabilities each screen needs: one table, keyed by the route pattern of src/router/routes.ts
 * (which takes its `requires` from here; src/router/screen-access.test.ts keeps the two equal). The
 * server's chat help bot reads it to link only screens the user may open. Apart from
 * screen-access.ts so that the sign-in page's bundle, which checks requirements, does not carry it.
 */
import type { CapabilityRequirement, SecurityRequirement } from './screen-access';

const read = (ObjectType: string): CapabilityRequirement => ({ ObjectType, Read: true });
const PRICELISTS: readonly SecurityRequirement[] = [read('MARKETPLACE'), read('PRICE_LISTS')];

/**
 * Every route of the client but the not-found page, with what it needs (empty: every signed-in user,
 * or anyone on a public route). src/router/screen-access.test.ts keeps it equal to the route table.
 */
export const SCREEN_ACCESS = {
  '/login': [],
  '/': [],
  '/admin-console/:methodName?': [read('ADMINISTRATIVE')],
  '/login-mfa': [],
  '/select-mfa-method': [],
  '/setup-mfa': [],
  '/setup-mfa-email': [],
  '/account-security': [],
  '/api-tokens': [],
  '/webhooks/:accountId?': [read('WEBHOOKS')],
  '/status': [],
  '/change-password': [],
  '/reset-password': [],
  '/reset-password/:username/:token': [],
  '/sso-auth/:code/:state': [],
  '/sso-link/:openIdSubIdentifier': [],
  '/provisioning': [{ anyOf: [read('FAILED_PROVISIONING'), read('FAILED_PROVISIONING_OWNED')] }],
  '/provisioning/my-imports': [read('MY_IMPORTS')],
  '/orders/my-orders': [read('CREDIT_CHECK_COMPANY_ORDERS')],
  '/orders/request-review': [read('CREDIT_CHECK_ORDER_MANAGEMENT')],
  '/pricing-rules': [read('PRICING_RULES')],
  '/explore': [read('MARKETPLACE')],
  '/explore/search/:searchText': [read('MARKETPLACE')],
  '/service/:serviceId': [{ anyOf: [read('MARKETPLACE'), read('MY_SERVICES')] }],
  '/service/:serviceId/:pricelistId': [{ anyOf: [read('MARKETPLACE'), read('MY_SERVICES')] }],
  '/service-tool': [read('MY_SERVICES')],
  '/service-tool/edit-service-groups': [read('SERVICE_TOOLS')],
  '/pricelists': [read('MARKETPLACE')],
  '/pricelists/:marketplaceId/edit-prices': PRICELISTS,
  '/pricelists/:marketplaceId/edit-all-prices': PRICELISTS,
  '/propagation': PRICELISTS,
  '/add-to-pricelist': PRICELISTS,
  '/quotes': [read('QUOTATION_TOOL')],
  '/quotes/customers': [{ ObjectType: 'QUOTATION_TOOL', Read: true, Value: 'HIERARCHY' }],
  '/quotes/new': [{ ObjectType: 'QUOTATION_TOOL', Create: true }],
  '/quotes/:quoteId': [read('QUOTATION_TOOL')],
  '/reports': [read('REPORTING')],
  '/reports/:reportId': [read('REPORTING')],
  '/studio': [read('DEFINITION_STUDIO')],
  '/list/:definitionName': [],
  // Any wizard layout by name: each call it makes is checked by the server (capabilities, reach) as any call.
  '/wizard/:wizardName': [],
  '/consent/:usercentricsServiceId': [],
  '/Account/View/:accountId': [],
  '/account/:accountId': [],
  '/account/:accountId/:subPage': [],
  '/account/new/:accountType': [],
  '/account/:parentId/new/:accountType': [],
  '/accounts/:accountId?': [],
  '/search/:text': [],
  '/hierarchy/:accountId?': [],
  '/terminate': [read('ACCOUNT_TERMINATION')],
  '/move': [read('ACCOUNT_MOVE')],
  '/upgrade-subscription/:accountId': [{ ObjectType: 'SUBSCRIPTIONS', Execute: true }],
  // Issue 38: the chat conversations handed over to a person, answered live.
  '/support/conversations': [read('SUPPORT_CONSOLE')],
  // Issue 38: a user's shared screen, joined with its code.
  '/support/cobrowse': [read('SUPPORT_CONSOLE')],
} as const satisfies Record<string, readonly SecurityRequirement[]>;

export type ScreenRoute = keyof typeof SCREEN_ACCESS;

/** What the screen of a route pattern needs (the route table's `requires`). */
export const screenAccess = (route: ScreenRoute): readonly SecurityRequirement[] => SCREEN_ACCESS[route];

/** Whether `route` is a screen of the route table (a help link must name one). */
export const isScreenRoute = (route: string): route is ScreenRoute => Object.hasOwn(SCREEN_ACCESS, route);
