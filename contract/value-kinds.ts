/**
 * Stored values a person sees (statuses, fee types, billing rules, commitments,
 * categories, account types, seeded role names, audit actions) and where their
 * texts live: the one mechanism that puts them into the user's language in
 * grids, grid filters, exports, PDFs and mails. The stored value never changes;
 * its text is the client locale key `textPrefix + valueKey(value)` (locales/*.json),
 * read by the client's i18next and by the server (server/services/values/value-texts.ts).
 */

import { COMPONENT_STATES, STATUS_COMPONENTS } from './status';

export interface ValuePattern {
  /** Matches a stored value with a number in it, e.g. "Every 3 months". */
  match: RegExp;
  /** The key below the kind's prefix; the text gets the captured number as {{months}}. */
  key: string;
}

export interface ValueKind {
  /** Key prefix of the texts; `values.<kind>.` unless the texts already lived elsewhere. */
  textPrefix: string;
  /** Every value the portal stores for this kind. */
  values: readonly string[];
  patterns?: readonly ValuePattern[];
  /** Values an operator may add later (categories, role names): shown as stored when no text exists. */
  open?: boolean;
}

const kind = (name: string, values: readonly string[], extra: Partial<ValueKind> = {}): ValueKind => ({ textPrefix: `values.${name}.`, values, ...extra });

/** Why an account is terminated (spec §5): the termination screen's choices, stored with the termination. */
export const TERMINATION_REASONS = ['MovedToCompetitor', 'OutOfBusiness', 'MistakeInOrder', 'ServiceNotNeeded', 'TooExpensive', 'Upgraded', 'Other'] as const;

export const AUDIT_ACTIONS = [
  'AccountCreated', 'AccountMoved', 'AccountMovedIn', 'AccountMovedOut', 'AccountTerminated', 'AccountTerminationCancelled', 'AccountTerminationFailed', 'AccountTerminationScheduled',
  'AccountUpdated', 'AccountUpgraded', 'ApiTokenCreated', 'ApiTokenRevoked', 'ApiTokenUsed', 'AuditLogExported', 'AuthorizationRefused', 'BroadcastMessageSent', 'CapabilitySetAdded', 'CapabilitySetDeleted',
  'CapabilitySetUpdated', 'ChatHandoverAccepted', 'ChatHandoverEnded', 'ChatHandoverRequested', 'CobrowseEnded', 'CobrowseJoined', 'CobrowseStarted', 'CreditCheckOrderApproved', 'CreditCheckOrderCancelled', 'CreditCheckOrderFileAttached', 'CreditCheckOrderInvoiceDownloaded',
  'CreditCheckOrderRejected', 'CustomChargeAdded', 'CustomChargeCreated', 'CustomChargeDeleted', 'CustomChargesBilled', 'DefinitionDraftSaved',
  'DefinitionCreated', 'DefinitionPublished', 'DefinitionRetired', 'DefinitionReviewRejected', 'DefinitionRolledBack', 'DefinitionSubmittedForReview', 'DefinitionsExported', 'HierarchyMfaPolicyUpdated', 'ImpersonationEnded', 'ImpersonationRefused',
  'ImpersonationStarted', 'ImportAccountCancelled', 'ImportCancelled', 'ImportCompleted', 'ImportFailed', 'ImportStarted', 'InvoiceBillingTaskCompleted',
  'InvoiceBillingTaskQueued', 'IpRestrictionRefused', 'IpRestrictionsSaved', 'MaintenanceScheduled', 'MfaDisabledForUser', 'MfaFailed', 'MfaMethodEnabled',
  'MfaMethodRemoved', 'MfaPolicyUpdated', 'MfaPrimaryChanged', 'MfaSetupCodeRejected', 'MonthEndBillingRun', 'NotificationPreferencesUpdated',
  'PasskeyAdded', 'PasskeyRefused', 'PasswordChangeRefused', 'PasswordChanged', 'PasswordReset', 'PasswordResetRequested', 'PricelistCreated', 'PricelistCustomersAdded', 'PricelistDeleted',
  'PricelistFiltersSaved', 'PricelistPrioritiesSaved', 'PricelistPropagationStarted', 'PricelistUpdateFailed', 'PricelistUpdateRequested', 'PricelistUpdated',
  'PricingRulesExported', 'PricingRulesUpdated', 'ProductTermsAccepted', 'ProvisioningRequestRetried', 'QuoteAccepted', 'QuoteAcceptedOnBehalf', 'QuoteCreated', 'QuoteDeclined',
  'QuoteDeleted', 'QuoteExpired', 'QuoteRevised', 'QuoteSaved', 'QuoteSent', 'RoleAdded', 'RoleAssigned', 'RoleDeleted', 'RoleUpdated', 'SecurityCodeSent',
  'ServiceDeleted', 'ServiceGroupsUploaded', 'ServiceTextsSaved', 'ServiceTokenCreated', 'SessionEndRefused', 'SessionsEnded', 'SignIn', 'SignInFailed', 'SignInMfaChallenge', 'SignInRefused', 'SignInThrottled',
  'SignOut', 'SsoFailed', 'SsoLinked', 'SubscriptionOrdered', 'TermsAccepted', 'UserRolesChanged',
  'WebhookDeliveriesReplayed', 'WebhookEndpointCreated', 'WebhookEndpointDeleted', 'WebhookEndpointDisabled', 'WebhookEndpointUpdated', 'WebhookSecretRotated',
] as const;

export const VALUE_KINDS = {
  feeType: kind('feeType', ['base', 'monthly', 'one-time', 'per N months', 'prepaid N months']),
  billingRule: kind('billingRule', ['Monthly', 'Monthly with base fee', 'One-time'], {
    patterns: [
      { match: /^Every (\d+) months$/, key: 'everyMonths' },
      { match: /^Prepaid (\d+) months$/, key: 'prepaidMonths' },
    ],
  }),
  commitment: kind('commitment', ['1-month', 'annual', '3-year', 'other']),
  accountType: kind('accountType', ['Reseller', 'Vendor', 'Company', 'Department', 'User', 'Product']),
  accountState: kind('accountState', ['Active', 'Suspended', 'Terminated']),
  productStatus: kind('productStatus', ['Active', 'Pending', 'Provisioning', 'On hold', 'Provisioning failed', 'Cancelled', 'Suspended', 'Terminated']),
  category: kind('category', ['Analytics', 'Backup', 'Communication', 'Developer tools', 'Infrastructure', 'Productivity', 'Professional services', 'Security'], { open: true }),
  systemRole: kind('systemRole', ['Platform administrator', 'Reseller administrator', 'Account manager', 'Company administrator', 'Vendor administrator', 'Basic user', 'Notification reader', 'Platform user', 'Company profile editor'], { open: true }),
  capabilitySet: kind('capabilitySet', ['Sign-in', 'Notifications', 'Full administration', 'Reseller administration', 'Account management', 'Company administration', 'Company profile', 'Vendor administration'], { open: true }),
  auditAction: kind('auditAction', AUDIT_ACTIONS),
  // A second factor's kind (SessionUser's UserAuthenticationMethods[].Type).
  mfaMethodType: kind('mfaMethodType', ['TOTP', 'EMAIL', 'PASSKEY']),
  // Kinds whose texts were written before this registry; the registry names where they are.
  orderStatus: kind('orderStatus', ['Pending', 'Approved', 'Rejected', 'Cancelled'], { textPrefix: 'orders.status.' }),
  provisioningStatus: kind('provisioningStatus', ['Pending', 'In progress', 'Completed', 'Failed', 'Cancelled', 'Escalated'], { textPrefix: 'grids.provisioning.status.' }),
  provisioningAction: kind('provisioningAction', ['Create', 'Modify', 'Terminate', 'Suspend'], { textPrefix: 'grids.provisioning.action.' }),
  importStatus: kind('importStatus', ['Pending', 'In progress', 'Completed', 'Failed', 'Cancelled'], { textPrefix: 'imports.status.' }),
  importType: kind('importType', ['Users', 'Departments', 'Companies', 'Subscriptions'], { textPrefix: 'imports.type.' }),
  importRowStatus: kind('importRowStatus', ['Pending', 'Imported', 'Failed', 'Cancelled'], { textPrefix: 'imports.rowStatus.' }),
  terminationReason: kind('terminationReason', TERMINATION_REASONS, { textPrefix: 'lifecycle.reasons.' }),
  confirmationKind: kind('confirmationKind', ['SignedDocument', 'Email', 'Other'], { textPrefix: 'quotes.onBehalf.kinds.' }),
  quoteStatus: kind('quoteStatus', ['Draft', 'Sent', 'Accepted', 'Declined', 'Expired', 'Superseded'], { textPrefix: 'quotes.status.' }),
  chargeStatus: kind('chargeStatus', ['PendingBilling', 'Billed'], { textPrefix: 'charges.status.' }),
  pricingModel: kind('pricingModel', ['Static', 'SRP', 'Markup', 'GrossMargin', 'SRPDiscount'], { textPrefix: 'pricing.model.' }),
  apiTokenState: kind('apiTokenState', ['active', 'expired', 'revoked'], { textPrefix: 'apiTokens.state.' }),
  // A webhook endpoint's Enabled flag, as the grid's text of the boolean.
  webhookState: kind('webhookState', ['true', 'false'], { textPrefix: 'webhooks.enabledState.' }),
  webhookDisabledReason: kind('webhookDisabledReason', ['User', 'Failing'], { textPrefix: 'webhooks.disabledReason.' }),
  // The public status page (contract/status.ts): its parts, what each is, their states and the whole portal's.
  statusComponent: kind('statusComponent', STATUS_COMPONENTS, { textPrefix: 'statusPage.component.' }),
  statusComponentAbout: kind('statusComponentAbout', STATUS_COMPONENTS, { textPrefix: 'statusPage.about.' }),
  componentState: kind('componentState', COMPONENT_STATES, { textPrefix: 'statusPage.state.' }),
  portalState: kind('portalState', COMPONENT_STATES, { textPrefix: 'statusPage.overall.' }),
  // The cookie-consent services (src/consent) and whether this browser accepted one (the consent page, {{date}}: when).
  consentService: kind('consentService', ['chat-assistant', 'web-analytics'], { textPrefix: 'shell.consent.services.' }),
  consentState: kind('consentState', ['accepted', 'open'], { textPrefix: 'shell.consent.state.' }),
  // The admin console (contract/services/admin.ts): the database, how live events reach other instances, maintenance.
  databaseKind: kind('databaseKind', ['pglite', 'postgres'], { textPrefix: 'admin.metadata.databaseKinds.' }),
  realtimeFanout: kind('realtimeFanout', ['in-process', 'postgres'], { textPrefix: 'admin.metadata.fanouts.' }),
  maintenanceMode: kind('maintenanceMode', ['off', 'soon', 'scheduled'], { textPrefix: 'admin.maintenance.mode.' }),
  // The same as a sentence ({{time}}: when it begins).
  maintenanceState: kind('maintenanceState', ['off', 'soon', 'scheduled'], { textPrefix: 'admin.maintenance.state.' }),
} as const satisfies Record<string, ValueKind>;

export type ValueKindName = keyof typeof VALUE_KINDS;

export const isValueKind = (name: string): name is ValueKindName => Object.hasOwn(VALUE_KINDS, name);

/** A value added at run time (issue 33: an account type a layout defines): its text in a language and its colour in lists. */
export interface AddedValue {
  label(locale?: string): string;
  color?: string;
}

const addedValues = new Map<ValueKindName, ReadonlyMap<string, AddedValue>>();

/** The values of a kind that data defines (the server from its layouts, the client from Account/ListAccountTypes). */
export function setAddedValues(kindName: ValueKindName, values: ReadonlyMap<string, AddedValue>): void {
  addedValues.set(kindName, values);
}

export const addedValue = (kindName: ValueKindName, value: string): AddedValue | undefined => addedValues.get(kindName)?.get(value);

/** Every value of a kind: the registry's and the added ones. */
export const kindValues = (kindName: ValueKindName): string[] => [...VALUE_KINDS[kindName].values, ...(addedValues.get(kindName)?.keys() ?? [])];

/** A stored value as a key segment: letters and digits only ("In progress" → "Inprogress", "1-month" → "1month"). */
export const valueKey = (value: string) => value.replace(/[^A-Za-z0-9]/g, '');

/** The text key of a stored value and the values its text interpolates; undefined for a value the kind does not know. */
export function valueTextKey(kindName: ValueKindName, value: string): { key: string; params?: { months: number } } | undefined {
  const entry: ValueKind = VALUE_KINDS[kindName];
  if (entry.values.includes(value)) return { key: `${entry.textPrefix}${valueKey(value)}` };
  for (const pattern of entry.patterns ?? []) {
    const found = pattern.match.exec(value);
    if (found) return { key: `${entry.textPrefix}${pattern.key}`, params: { months: Number(found[1]) } };
  }
  return undefined;
}

/** Every text key a kind needs in each locale. */
export const valueTextKeys = (kindName: ValueKindName): string[] => {
  const entry: ValueKind = VALUE_KINDS[kindName];
  return [...entry.values.map((value) => `${entry.textPrefix}${valueKey(value)}`), ...(entry.patterns ?? []).map((pattern) => `${entry.textPrefix}${pattern.key}`)];
};

/** A stored value in a language, given a lookup of texts (i18next's `t` or the server's); the value itself when unknown. */
export function valueText(kindName: ValueKindName, value: string, lookup: (key: string, params?: Record<string, string | number>) => string | undefined, locale?: string): string {
  const target = valueTextKey(kindName, value);
  if (!target) return addedValue(kindName, value)?.label(locale) ?? value;
  const text = lookup(target.key, target.params);
  return text === undefined || text === target.key ? value : text;
}
