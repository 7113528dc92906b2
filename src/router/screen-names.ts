/**
 * The name of the screen a route pattern serves, as a text key: what a refusal
 * says the user may not open ("You do not have access to “Edit prices”"), never
 * the address. Menu entries name their screens; this table names the rest (and the New menu's).
 */
import { shapeOf } from '../shell/links';
import { menuLabelKeyForRoute } from '../shell/menus/shell-menus';

/** Screens no menu entry opens, by route pattern (the screen's own heading where it has one without parameters). */
const SCREEN_NAME_KEYS: Readonly<Record<string, string>> = {
  // The create screens of every account type (the New menu's labels are bare types: "Company").
  '/account/new/:accountType': 'screenNames.newAccount',
  '/webhooks/:accountId?': 'webhooks.title',
  '/explore/search/:searchText': 'shell.menu.explore',
  '/service/:serviceId': 'screenNames.serviceDetail',
  '/service/:serviceId/:pricelistId': 'screenNames.serviceDetail',
  '/service-tool/edit-service-groups': 'catalog.groups.title',
  '/pricelists/:marketplaceId/edit-prices': 'screenNames.editPrices',
  '/pricelists/:marketplaceId/edit-all-prices': 'screenNames.editAllPrices',
  '/propagation': 'pricelists.propagation.title',
  '/add-to-pricelist': 'pricelists.customers.title',
  '/quotes/new': 'quotes.editor.newQuote',
  '/quotes/:quoteId': 'screenNames.quote',
  '/reports/:reportId': 'reports.title',
  '/terminate': 'lifecycle.terminate.title',
  '/move': 'lifecycle.move.title',
  '/upgrade-subscription/:accountId': 'screenNames.upgrade',
};

const BY_SHAPE = new Map(Object.entries(SCREEN_NAME_KEYS).map(([pattern, key]) => [shapeOf(pattern), key]));

/** The text key naming the screen of a route pattern: its entry above, else its menu label. */
export function screenNameKey(pattern: string | undefined): string | undefined {
  if (!pattern) return undefined;
  return BY_SHAPE.get(shapeOf(pattern)) ?? menuLabelKeyForRoute(pattern);
}
