/**
 * Every audit action reads as a sentence in every language: each action of the
 * registry (AUDIT_ACTIONS, `values.auditAction`) has an `auditText` sentence,
 * and the details its handlers, jobs and the seed write fill it without falling
 * back to "<action>: key: value; …".
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../../contract/value-kinds';
import { auditSentence, detailsText } from './audit-log-text';
import { ENGLISH_SENTENCES } from './audit-log-sentences.english';
import { clientLocales, clientText, localeKeys, longDate, valueTextIn } from '../values/value-texts';

/** Detail keys holding a date (audit-log-text.ts DATE_PARAMS). */
const DATED_KEYS = ['terminationDate', 'validUntil', 'lockedUntil', 'periodEnd', 'confirmedOn'];

type AuditAction = (typeof AUDIT_ACTIONS)[number];

const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/**
 * The details each action is written with (every variant its writers produce),
 * read from the writers in server/ (grep the action's name). A new action gets
 * its typical details here, and with them a sentence in every locale.
 */
const TYPICAL_DETAILS: Record<AuditAction, readonly Record<string, unknown>[]> = {
  AccountCreated: [{ accountType: 'User', productName: null, parentAccountId: 20 }, { AccountType: 'Company', DisplayName: 'Northwind' }],
  AccountMoved: [{ accountId: 9, displayName: 'Olivia Bennett', oldParentAccountId: 20, newParentAccountId: 21, movedAccounts: 1 }],
  AccountMovedIn: [{ accountId: 9, displayName: 'Olivia Bennett', oldParentAccountId: 20, newParentAccountId: 21, movedAccounts: 4 }],
  AccountMovedOut: [{ accountId: 9, displayName: 'Olivia Bennett', oldParentAccountId: 20, newParentAccountId: 21, movedAccounts: 4 }],
  AccountTerminated: [
    { terminationId: 3, reason: 'TooExpensive', sendToSdp: true, terminatedAccounts: 1, provisioningRequests: 0, autoRenewSwitched: 0, erasedUsers: 0 },
    { terminationId: 3, reason: 'OutOfBusiness', sendToSdp: false, terminatedAccounts: 5, provisioningRequests: 2, autoRenewSwitched: 1, erasedUsers: 3 },
    { terminationId: 3, scheduled: true, reason: 'Other', sendToSdp: true, terminatedAccounts: 21, provisioningRequests: 2, autoRenewSwitched: 0, erasedUsers: 1 },
    { terminationId: 3, scheduled: true, reason: 'Upgraded', sendToSdp: true, terminatedAccounts: 1, provisioningRequests: 1, autoRenewSwitched: 0, erasedUsers: 0 },
  ],
  AccountTerminationCancelled: [{ terminationId: 3, terminationDate: '2026-12-01T00:00:00.000Z' }],
  AccountTerminationFailed: [{ terminationId: 3, scheduled: true, reason: 'MistakeInOrder', lockedSubscription: 77, lockedUntil: '2027-01-10' }],
  AccountTerminationScheduled: [{ terminationId: 3, terminationDate: '2026-12-01T00:00:00.000Z', reason: 'ServiceNotNeeded', sendToSdp: true }],
  AccountUpdated: [{ fields: ['Phone', 'Email'] }, { Field: 'VatNumber', OldValue: 'DE1', NewValue: 'DE2' }],
  AccountUpgraded: [{ upgradeProcessId: 5, variant: 'Full', fromProduct: 'Backup Basic', toProduct: 'Backup Pro', targetAccountId: 31, movedQuantity: 10 }],
  ApiTokenCreated: [{ tokenName: 'billing sync', apiTokenId: 4, expiresInDays: 90 }, { tokenName: 'billing sync', apiTokenId: 4, accountId: 21, expiresInDays: 30 }],
  ApiTokenRevoked: [{ tokenName: 'billing sync', apiTokenId: 4 }],
  ChatHandoverAccepted: [{ conversationId: 'Q2hhdENvbnZlcnNhdGlvbj', userName: 'Sanne de Vries' }], // chat/handover.ts
  ChatHandoverEnded: [{ conversationId: 'Q2hhdENvbnZlcnNhdGlvbj', userName: 'Sanne de Vries' }],
  ChatHandoverRequested: [{ conversationId: 'Q2hhdENvbnZlcnNhdGlvbj' }], // chat/chat-messages.ts
  CobrowseEnded: [{ sessionId: 'Q29icm93c2VTZXNzaW9uMQ', userName: 'Sanne de Vries', by: 'user' }, { sessionId: 'Q29icm93c2VTZXNzaW9uMQ', userName: 'Sanne de Vries', by: 'agent' }], // cobrowse/cobrowse-handlers.ts
  CobrowseJoined: [{ sessionId: 'Q29icm93c2VTZXNzaW9uMQ', userName: 'Sanne de Vries' }],
  CobrowseStarted: [{ sessionId: 'Q29icm93c2VTZXNzaW9uMQ' }],
  ApiTokenUsed: [
    { tokenName: 'billing sync', userAccountId: 9, method: 'Account/GetAccountChildren', status: 200, calls: 1 },
    { tokenName: 'billing sync', userAccountId: 9, method: 'Authorization/GetCurrentUser', status: 401, calls: 12, reason: 'apiTokens.expired' },
  ],
  AuditLogExported: [{ mode: 'user', format: 'csv', rows: 3 }],
  AuthorizationRefused: [{ route: '/api/Account/TerminateAccount', reason: 'forbidden' }, { route: '/api/Account/TerminateAccount', reason: 'forbidden', count: 37 }],
  BroadcastMessageSent: [{ length: 120, recipients: 'all' }, { length: 80, recipients: 4 }],
  CapabilitySetAdded: [{ capabilitySetId: 2, name: 'Billing' }],
  CapabilitySetDeleted: [{ capabilitySetId: 2, name: 'Billing', usersAffected: 3 }],
  CapabilitySetUpdated: [{ capabilitySetId: 2, name: 'Billing', usersAffected: 1 }],
  CreditCheckOrderApproved: [{ orderId: 5, provisioningRequestId: 9 }],
  CreditCheckOrderCancelled: [{ orderId: 5 }],
  CreditCheckOrderFileAttached: [{ orderId: 5, fileName: 'contract.pdf' }],
  CreditCheckOrderInvoiceDownloaded: [{ orderId: 5 }],
  CreditCheckOrderRejected: [{ orderId: 5, reason: 'credit' }],
  CustomChargeAdded: [{ customChargeId: 4, name: 'Install', price: 10, cost: 5, currency: 'EUR' }],
  CustomChargeCreated: [{ Name: 'On-site installation', Price: 300 }],
  CustomChargeDeleted: [{ customChargeId: 4, name: 'Install', price: 10 }],
  CustomChargesBilled: [
    { invoiceId: 12, periodEnd: '2026-10-31', charges: [4] },
    { invoiceId: 12, periodEnd: '2026-10-31', charges: ids(3) },
  ],
  DefinitionCreated: [
    { kind: 'layout', name: 'products/acme-firewall', version: 1, from: { template: 'product-form' }, problems: 0 },
    { kind: 'screen', name: 'subscriptions-ending', version: 1, from: { copyOf: 'my-services' }, problems: 1 },
  ],
  DefinitionRetired: [{ kind: 'screen', name: 'subscriptions-ending', from: 2, comment: 'No longer needed' }],
  DefinitionDraftSaved: [
    { kind: 'layout', name: 'Company', version: 4, comment: '', problems: 0 },
    { kind: 'screen', name: 'Dashboard', version: 2, comment: 'Fix labels', problems: 1 },
  ],
  DefinitionPublished: [
    { kind: 'layout', name: 'Company', from: 3, to: 4, comment: '', diff: [{ path: '/fields/0', change: 'added' }] },
    { kind: 'layout', name: 'Company', from: 3, to: 4, comment: 'New field', diff: [], review: { reviewer: 'Ann' } },
  ],
  DefinitionReviewRejected: [{ kind: 'layout', name: 'Company', version: 5, comment: 'Label too long', submittedBy: 'Jana' }],
  DefinitionRolledBack: [
    { kind: 'layout', name: 'Company', from: 4, to: 3, comment: '', diff: [] },
    { kind: 'layout', name: 'Company', from: 4, to: 3, comment: 'Broke the form', diff: [] },
  ],
  DefinitionSubmittedForReview: [
    { kind: 'layout', name: 'Company', version: 5, comment: '' },
    { kind: 'layout', name: 'Company', version: 5, comment: 'Please check' },
  ],
  DefinitionsExported: [{ files: ['layouts/company.json'] }, { files: ['layouts/company.json', 'screens/home.json'] }],
  HierarchyMfaPolicyUpdated: [
    { CompanyAccountId: 20, IsEnforced: true, ExceptionAccountIds: [], AllowedMethods: ['Totp'] },
    { CompanyAccountId: 20, IsEnforced: false, ExceptionAccountIds: [9] },
  ],
  ImpersonationEnded: [{ targetUserId: 12, targetUsername: 'x', impersonatorUserId: 2, impersonatorUsername: 'admin' }],
  ImpersonationRefused: [{ targetUserId: 12 }],
  ImpersonationStarted: [
    { targetUserId: 12, targetUsername: 'x', impersonatorUserId: 2, impersonatorUsername: 'admin' },
    { TargetUserAccountId: 12, TargetUsername: 'x' },
  ],
  ImportAccountCancelled: [{ importAccountId: 77, rowNumber: 5 }],
  ImportCancelled: [{ importId: 14, imported: 3 }],
  ImportCompleted: [{ importId: 14, imported: 20, errors: 3 }],
  ImportFailed: [{ importId: 14, reason: 'file unreadable' }, { importId: 14, imported: 0, errors: 4 }],
  ImportStarted: [{ importId: 3, type: 'Users', rows: 5, source: 'users.csv' }, { ImportType: 'Subscriptions', Rows: 7 }],
  InvoiceBillingTaskCompleted: [{ taskId: 8, fileId: 40 }],
  InvoiceBillingTaskQueued: [{ taskId: 8 }],
  WebhookDeliveriesReplayed: [{ endpointId: 3, url: 'https://hooks.example.com/portal', deliveries: 4 }], // webhook
  WebhookEndpointCreated: [{ endpointId: 3, url: 'https://hooks.example.com/portal', events: 15 }], // webhook
  WebhookEndpointDeleted: [{ endpointId: 3, url: 'https://hooks.example.com/portal' }], // webhook
  WebhookEndpointDisabled: [{ endpointId: 3, url: 'https://hooks.example.com/portal' }], // webhook
  WebhookEndpointUpdated: [{ endpointId: 3, url: 'https://hooks.example.com/portal', changed: ['enabled'], enabled: false }], // webhook
  WebhookSecretRotated: [{ endpointId: 3, url: 'https://hooks.example.com/portal', overlapHours: 24 }], // webhook
  IpRestrictionRefused: [
    { phase: 'sign-in', companyAccountId: 20, ip: '203.0.113.7' },
    { phase: 'call', companyAccountId: 20, ip: '203.0.113.7' },
  ],
  IpRestrictionsSaved: [
    { isEnabled: true, allow: ['10.0.0.0/8', '192.168.1.1'], deny: [] },
    { isEnabled: false, allow: [], deny: [] },
  ],
  MaintenanceScheduled: [{ mode: 'readOnly' }],
  MfaDisabledForUser: [{}],
  PasskeyAdded: [{ methodId: 5, backedUp: true }],
  PasskeyRefused: [{ reason: 'challenge unknown' }, { reason: 'verification failed' }],
  SessionEndRefused: [{ reason: 'unknown' }],
  SessionsEnded: [{ which: 'one', count: 1 }, { which: 'others', count: 3 }, { which: 'user', count: 2 }],
  MfaFailed: [{}, { purpose: 'step-up' }],
  MfaMethodEnabled: [{ methodId: 3, type: 'Totp' }],
  MfaMethodRemoved: [{ methodId: 3, type: 'Totp' }],
  MfaPolicyUpdated: [
    { CompanyAccountId: 20, IsEnforced: true, ExceptionAccountIds: [9] },
    { CompanyAccountId: 20, IsEnforced: false, ExceptionAccountIds: [] },
  ],
  MfaPrimaryChanged: [{ methodId: 3 }],
  MfaSetupCodeRejected: [{ methodId: 3 }],
  MonthEndBillingRun: [
    { periodEnd: '2026-10-31', billedCharges: 0, invoices: [] },
    { periodEnd: '2026-10-31', billedCharges: 1, invoices: [12] },
    { periodEnd: '2026-10-31', billedCharges: 22, invoices: [12, 13] },
  ],
  NotificationPreferencesUpdated: [{ IsEnabled: true, CommitmentPeriods: ['annual'] }],
  PasswordChangeRefused: [{ reason: 'wrong current password' }],
  PasswordChanged: [{}],
  PasswordReset: [{}],
  PasswordResetRequested: [{}],
  PricelistCreated: [
    { marketplaceId: 4, name: 'Partners', currency: 'EUR', customers: 0 },
    { marketplaceId: 4, name: 'Partners', currency: 'EUR', customers: 1 },
    { marketplaceId: 4, name: 'Partners', currency: 'EUR', customers: 12 },
  ],
  PricelistCustomersAdded: [{ marketplaceId: 4, accountIds: [31] }, { marketplaceId: 4, accountIds: ids(3) }, { marketplaceId: 4, accountIds: ids(25) }],
  PricelistDeleted: [{ marketplaceId: 4, name: 'Partners' }],
  PricelistFiltersSaved: [{ marketplaceId: 4, filters: 0, deleted: [2] }, { marketplaceId: 4, filters: 1, deleted: [] }, { marketplaceId: 4, filters: 3, deleted: [] }],
  PricelistPrioritiesSaved: [
    { priorities: [{ MarketplaceId: 4, Priority: 1 }] },
    { priorities: [{ MarketplaceId: 4, Priority: 1 }, { MarketplaceId: 5, Priority: 2 }] },
  ],
  PricelistPropagationStarted: [{ marketplaceId: 4, jobId: 7, services: 1 }, { marketplaceId: 4, jobId: 7, services: 40 }],
  PricelistUpdateFailed: [{ marketplaceId: 4, jobId: 7, kind: 'Update' }, { marketplaceId: 4, jobId: 7, kind: 'Propagate' }],
  PricelistUpdateRequested: [{ marketplaceId: 4, jobId: 7, services: 1, removed: 0 }, { marketplaceId: 4, jobId: 7, services: 12, removed: 2 }],
  PricelistUpdated: [{ marketplaceId: 4, jobId: 7, kind: 'Update', items: 1 }, { marketplaceId: 4, jobId: 7, kind: 'Propagate', items: 40 }, { Pricelist: 'Partners', ChangedPrices: 4 }],
  PricingRulesExported: [{ marketplaceId: 4 }],
  PricingRulesUpdated: [{ marketplaceId: 4, rules: 3 }],
  ProductTermsAccepted: [{ productName: 'Backup Pro' }],
  ProvisioningRequestRetried: [{ Reason: 'Retry after vendor error' }],
  QuoteAccepted: [{ quoteId: 41, path: 'Direct', orderValue: 1200 }, { quoteId: 41, path: 'CreditCheck', orderValue: 90000 }],
  QuoteAcceptedOnBehalf: [
    { quoteId: 41, path: 'Direct', orderValue: 1200, customerAccountId: 21, confirmedBy: 'Jane Doe, CFO', confirmedOn: '2026-11-30', confirmationKind: 'SignedDocument', reference: 'Signed quote of 30 November', documentName: 'quote-41-signed.pdf' },
    { quoteId: 41, path: 'CreditCheck', orderValue: 90000, customerAccountId: 21, confirmedBy: 'Jane Doe', confirmedOn: '2026-11-30', confirmationKind: 'Email', reference: 'E-mail of 30 November, “Go ahead”', documentName: null },
  ],
  QuoteCreated: [{ quoteId: 41, name: 'Office move' }],
  QuoteDeclined: [{ quoteId: 41, reason: null }, { quoteId: 41, reason: 'Too expensive' }],
  QuoteDeleted: [{ quoteId: 41, name: 'Office move' }],
  QuoteExpired: [{ quoteId: 41, validUntil: '2026-10-31' }],
  QuoteRevised: [{ quoteId: 41, newQuoteId: 52, version: 2 }],
  QuoteSaved: [{ quoteId: 41 }],
  QuoteSent: [{ quoteId: 41, version: 1 }],
  RoleAdded: [{ roleId: 6, name: 'Billing clerk' }],
  RoleAssigned: [{ Role: 'Basic user', UserAccountId: 9 }],
  RoleDeleted: [{ roleId: 6, name: 'Billing clerk', usersAffected: 0 }],
  RoleUpdated: [{ roleId: 6, name: 'Billing clerk', usersAffected: 2 }],
  SecurityCodeSent: [{ methodId: 3 }],
  ServiceDeleted: [{ service: 'backup-pro', displayName: 'Backup Pro' }],
  ServiceGroupsUploaded: [{ file: 'groups.xlsx', updated: 1 }, { file: 'groups.xlsx', updated: 14 }],
  ServiceTextsSaved: [{ service: 'backup-pro', language: 'de', fields: ['Description'] }],
  ServiceTokenCreated: [{ tokenName: 'psa sync', apiTokenId: 5, accountId: 21, expiresInDays: 90 }],
  SignIn: [{ mfa: true }, { mfa: false }, { sso: 'entra' }],
  SignInFailed: [{ userName: 'x' }],
  SignInMfaChallenge: [{}],
  SignInRefused: [{ reason: 'missing LOGIN capability' }, { reason: 'missing LOGIN capability', sso: 'entra' }],
  SignInThrottled: [{ userName: 'x', waitSeconds: 30 }],
  SignOut: [{}],
  SsoFailed: [{ reason: 'state expired' }],
  SsoLinked: [{ sso: 'entra', subject: 'a1b2c3' }],
  SubscriptionOrdered: [{ ProductName: 'Backup', Quantity: 3 }],
  TermsAccepted: [{}],
  UserRolesChanged: [{ roleIds: [1, 2] }],
};

const names = new Map([
  [9, 'Olivia Bennett'],
  [20, 'Northwind'],
  [21, 'Contoso'],
  [31, 'Backup Pro for Northwind'],
]);

/** What auditSentence gives for an entry it has no sentence for. */
function fallback(locale: string, action: string, details: unknown): string {
  const label = valueTextIn(locale, 'auditAction', action);
  const rest = detailsText(details);
  return rest ? `${label}: ${rest}` : label;
}

describe('audit sentences', () => {
  it('are read from all 15 locales', () => {
    expect([...clientLocales].sort()).toEqual(['bg', 'de', 'en', 'es', 'fi', 'fr', 'hu', 'it', 'nl', 'pl', 'pt', 'ro', 'ru', 'sv', 'tr']);
  });

  it('exist for every action of the registry in every locale', () => {
    const english = localeKeys('en');
    expect(AUDIT_ACTIONS.filter((action) => !english.has(`values.auditAction.${action}`))).toEqual([]);
    for (const locale of clientLocales) {
      const keys = [...localeKeys(locale)].filter((key) => key.startsWith('auditText.')).map((key) => key.slice('auditText.'.length));
      const missing = AUDIT_ACTIONS.filter((action) => !keys.some((key) => key === action || key.startsWith(`${action}_`)));
      expect(missing, `${locale}: actions without an auditText sentence`).toEqual([]);
    }
  });

  it('are filled by the typical details of every action in every locale, without falling back', () => {
    expect(Object.keys(TYPICAL_DETAILS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    const problems: string[] = [];
    for (const locale of clientLocales) {
      for (const [action, samples] of Object.entries(TYPICAL_DETAILS)) {
        for (const details of samples) {
          const { text } = auditSentence(locale, action, details, names);
          const where = `${locale} ${action} ${JSON.stringify(details)}: ${text}`;
          // Without details there is nothing to miss: the sentence is the action's own template (a text may equal the action's name).
          const own = Object.keys(details).length === 0 ? clientText(locale, `auditText.${action}`) : undefined;
          if (own === undefined ? text === fallback(locale, action, details) : text !== own) problems.push(`falls back – ${where}`);
          else if (/\{\{|\}\}/.test(text)) problems.push(`placeholder left – ${where}`);
          // Words like "reason:" or "rows:" may be the language's own; camel-cased keys (quoteId, marketplaceId) never are.
          else if (Object.keys(details).some((key) => /[A-Z]/.test(key) && text.includes(`${key}: `))) problems.push(`raw key shown – ${where}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('write the dates they name as each language writes dates, never in another language\'s form (issue 36 item 6)', () => {
    const dated = Object.entries(TYPICAL_DETAILS).flatMap(([action, samples]) =>
      samples.flatMap((details) => Object.entries(details).filter(([key, value]) => DATED_KEYS.includes(key) && typeof value === 'string').map(([, value]) => ({ action, details, value: value as string }))),
    );
    expect(dated.length).toBeGreaterThan(4);
    const problems: string[] = [];
    for (const locale of clientLocales) {
      for (const { action, details, value } of dated) {
        const { text } = auditSentence(locale, action, details, names);
        const own = longDate(locale, value);
        if (!text.includes(own)) problems.push(`${locale} ${action}: "${text}" lacks ${own}`);
        const english = longDate('en', value);
        if (locale !== 'en' && english !== own && text.includes(english)) problems.push(`${locale} ${action}: "${text}" writes ${english}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('read in English as written out for every typical detail', () => {
    const english = Object.fromEntries(Object.entries(TYPICAL_DETAILS).map(([action, samples]) => [action, samples.map((details) => auditSentence('en', action, details, names).text)]));
    expect(english).toEqual(ENGLISH_SENTENCES);
  });

  it('tell quotes, pricelists and terminations in the language, with their numbers, dates and plural forms', () => {
    expect(auditSentence('en', 'QuoteSent', { quoteId: 41, version: 2 }).text).toBe('Quote 41, version 2, sent to the customer');
    expect(auditSentence('de', 'QuoteSent', { quoteId: 41, version: 2 }).text).toBe('Angebot 41, Version 2, an den Kunden gesendet');
    expect(auditSentence('en', 'QuoteDeclined', { quoteId: 41, reason: null }).text).toBe('Quote 41 declined');
    expect(auditSentence('en', 'QuoteDeclined', { quoteId: 41, reason: 'Too expensive' }).text).toBe('Quote 41 declined: Too expensive');
    expect(auditSentence('de', 'QuoteExpired', { quoteId: 41, validUntil: '2026-10-31' }).text).toBe('Angebot 41 abgelaufen (gültig bis 31. Oktober 2026)');

    expect(auditSentence('en', 'PricelistCustomersAdded', { marketplaceId: 4, accountIds: [31] }).text).toBe('1 customer added to pricelist 4');
    expect(auditSentence('en', 'PricelistCustomersAdded', { marketplaceId: 4, accountIds: ids(3) }).text).toBe('3 customers added to pricelist 4');
    expect(auditSentence('de', 'PricelistCustomersAdded', { marketplaceId: 4, accountIds: ids(3) }).text).toBe('3 Kunden zur Preisliste 4 hinzugefügt');
    expect(auditSentence('pl', 'PricelistCustomersAdded', { marketplaceId: 4, accountIds: [31] }).text).toBe('Dodano 1 klienta do cennika 4');
    expect(auditSentence('pl', 'PricelistCustomersAdded', { marketplaceId: 4, accountIds: ids(3) }).text).toBe('Dodano klientów do cennika 4, liczba: 3');
    expect(auditSentence('ru', 'PricelistCustomersAdded', { marketplaceId: 4, accountIds: ids(21) }).text).toBe('21 клиент добавлен в прайс-лист 4');
    expect(auditSentence('en', 'PricelistPropagationStarted', { marketplaceId: 4, jobId: 7, services: 40 }).text).toBe('Price propagation job 7 started for pricelist 4: 40 services');
    expect(auditSentence('de', 'PricelistUpdated', { marketplaceId: 4, jobId: 7, kind: 'Update', items: 4 }).text).toBe('Auftrag 7 abgeschlossen: 4 Dienste der Preisliste 4 aktualisiert');
    expect(auditSentence('en', 'PricelistUpdateFailed', { marketplaceId: 4, jobId: 7, kind: 'Propagate' }).text).toBe('Price propagation job 7 failed');

    const scheduled = { terminationId: 3, terminationDate: '2026-12-01T00:00:00.000Z', reason: 'TooExpensive', sendToSdp: true };
    expect(auditSentence('en', 'AccountTerminationScheduled', scheduled).text).toBe('Termination scheduled for December 1, 2026 – reason: Too expensive');
    expect(auditSentence('de', 'AccountTerminationScheduled', scheduled).text).toBe('Kündigung zum 1. Dezember 2026 geplant – Grund: Zu teuer');
    const terminated = { terminationId: 3, scheduled: true, reason: 'TooExpensive', sendToSdp: true, terminatedAccounts: 3, provisioningRequests: 1 };
    expect(auditSentence('en', 'AccountTerminated', terminated).text).toBe('Scheduled termination carried out: 3 accounts terminated – reason: Too expensive');
    expect(auditSentence('de', 'AccountTerminated', { ...terminated, scheduled: undefined, terminatedAccounts: 1 }).text).toBe('1 Konto gekündigt – Grund: Zu teuer');

    expect(auditSentence('en', 'DefinitionPublished', { kind: 'layout', name: 'Company', from: 3, to: 4, comment: '' }).text).toBe('Version 4 of “Company” published');
    expect(auditSentence('de', 'DefinitionPublished', { kind: 'layout', name: 'Company', from: 3, to: 4, comment: 'Neues Feld' }).text).toBe(
      'Version 4 von „Company“ veröffentlicht: „Neues Feld“',
    );
    // Refusals folded into one entry a minute (auth/refusal-audit.ts) read with their count.
    expect(auditSentence('en', 'AuthorizationRefused', { route: '/x/Account/TerminateAccount', reason: 'forbidden', count: 1 }).text).toBe('Access to /x/Account/TerminateAccount refused');
    expect(auditSentence('en', 'AuthorizationRefused', { route: '/x/Account/TerminateAccount', reason: 'forbidden', count: 37 }).text).toBe(
      'Access to /x/Account/TerminateAccount refused 37 times within a minute',
    );
    expect(auditSentence('en', 'ServiceTextsSaved', { service: 'backup-pro', language: 'de', fields: ['Description'] }).text).toMatch(/^Texts of service “backup-pro” in German saved: \S/);
  });

  it('names and links the accounts of a move and a refused address, but not an import row', () => {
    const moved = auditSentence('en', 'AccountMoved', { accountId: 9, displayName: 'Olivia Bennett', oldParentAccountId: 20, newParentAccountId: 21, movedAccounts: 1 }, names);
    expect(moved.text).toBe('Olivia Bennett moved from Northwind to Contoso');
    expect(moved.links.map((link) => link.To)).toEqual(['/account/9', '/account/20', '/account/21']);
    expect(auditSentence('de', 'AccountMovedIn', { accountId: 9, oldParentAccountId: 20, newParentAccountId: 21 }, names).text).toBe('Konto Olivia Bennett von Northwind hierher verschoben');
    expect(auditSentence('en', 'IpRestrictionRefused', { phase: 'sign-in', companyAccountId: 20, ip: '203.0.113.7' }, names).text).toBe(
      'Sign-in from 203.0.113.7 refused by the IP restrictions of Northwind',
    );
    const row = auditSentence('en', 'ImportAccountCancelled', { importAccountId: 77, rowNumber: 5 }, names);
    expect(row).toEqual({ text: 'Row 5 of an import cancelled', links: [] });
  });
});
