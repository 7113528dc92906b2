/**
 * TEMPORARY (issue 33): tabs a screen definition's `tabs` may ask the app to draw by name (a tab's `host`), while
 * what they show is not yet a definition: the account page's tabs still to convert (details, billing, available
 * services). Drawn by src/shell/host-tabs.tsx; each name goes with its definition. The coverage
 * count follows them (scripts/host-parts.ts): a page naming one is not drawn.
 */
export const HOST_TABS = ['accountDetails', 'accountBilling', 'availableServices'] as const;
export type HostTabName = (typeof HOST_TABS)[number];
