/**
 * TEMPORARY (issue 33): tabs a screen definition's `tabs` may ask the app to draw by name (a tab's `host`), while
 * what they show is not yet a definition: the organisation's and the user's security settings (being converted
 * into the definitions organisation-security and user-security) and the account page's tabs still to convert
 * (details, billing, available services, custom charges). Drawn by src/shell/host-tabs.tsx; each name goes with
 * its definition.
 */
export const HOST_TABS = ['organisationSecurity', 'userSecurity', 'accountDetails', 'accountBilling', 'availableServices', 'customCharges'] as const;
export type HostTabName = (typeof HOST_TABS)[number];
