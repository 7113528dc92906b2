import type { Handler } from './context';
import { authorizationHandlers } from './identity/authorization';
import { ssoHandlers } from './identity/sso';
import { impersonationHandlers } from './identity/impersonation';
import { apiTokenHandlers } from './api-tokens/api-token-handlers';
import { companyUserHandlers } from './accounts/company-users';
import { accountSearchHandlers, serviceSearchHandlers } from './search/search';
import { supportHandlers } from './support/support';
import { termsAccountHandlers, termsMarketplaceHandlers } from './support/terms';
import { chatBotHandlers } from './chat/chat-bot-handlers';
import { chatSupportHandlers } from './chat/chat-support-handlers';
import { cobrowseHandlers } from './cobrowse/cobrowse-handlers';
import { mfaHandlers } from './identity/account-identity';
import { passwordCheckHandlers, selfCareHandlers } from './identity/self-care';
import { adminHandlers } from './admin/admin';
import { securityHandlers } from './security/security';
import { importHandlers } from './imports/imports';
import { creditCheckHandlers } from './orders/credit-check';
import { pricingHandlers } from './pricing/pricing';
import { customChargesHandlers } from './custom-charges/custom-charges';
import { invoiceHandlers } from './billing/invoice';
import { provisioningHandlers } from './provisioning/provisioning';
import { layoutHandlers } from './accounts/layouts';
import { accountTypeHandlers } from './accounts/account-types';
import { wizardLayoutHandlers } from './wizards/wizard-layouts';
import { accountHandlers } from './accounts/accounts';
import { accountsScreenHandlers } from './accounts-screen';
import { auditLogHandlers } from './audit/audit-log';
import { notificationHandlers } from './accounts/notifications';
import { billingHandlers } from './billing/billing';
import { allowedServicesHandlers } from './billing/allowed-services';
import { serviceInfoHandlers } from './catalog/service-info';
import { catalogMarketplaceHandlers, catalogMetadataHandlers, catalogServiceManagementHandlers } from './catalog';
import { marketplaceHandlers } from './pricelists';
import { invoiceTaskHandlers, ipRestrictionHandlers, lifecycleAccountHandlers } from './lifecycle';
import { quoteHandlers } from './quotes/quote-handlers';
import { reportHandlers } from './reports/report-handlers';
import { studioHandlers } from './studio/studio-handlers';
import { upgradeHandlers } from './upgrade';
import { dashboardHandlers } from './dashboard/dashboard-handlers';
import { webhookHandlers } from './webhooks/webhook-handlers';

/**
 * Handlers per service. A catalogue method without a handler answers 501
 * (listed in the README as not implemented yet).
 */
const registry: Record<string, Record<string, Handler<never, unknown> | undefined>> = {
  Admin: adminHandlers,
  Security: securityHandlers,
  Authorization: { ...authorizationHandlers, ...ssoHandlers, ...impersonationHandlers, ...apiTokenHandlers },
  Account: { ...accountSearchHandlers, ...supportHandlers, ...termsAccountHandlers, ...companyUserHandlers, ...mfaHandlers, ...passwordCheckHandlers, ...layoutHandlers, ...accountTypeHandlers, ...wizardLayoutHandlers, ...accountHandlers, ...auditLogHandlers, ...lifecycleAccountHandlers, ...upgradeHandlers, ...dashboardHandlers, ...accountsScreenHandlers },
  Marketplace: { ...serviceSearchHandlers, ...termsMarketplaceHandlers, ...catalogMarketplaceHandlers, ...marketplaceHandlers },
  ChatBot: chatBotHandlers,
  ChatSupport: chatSupportHandlers,
  Cobrowse: cobrowseHandlers,
  SelfCare: selfCareHandlers,
  Import: importHandlers,
  CreditCheck: creditCheckHandlers,
  Pricing: pricingHandlers,
  CustomCharges: customChargesHandlers,
  Invoice: { ...invoiceHandlers, ...invoiceTaskHandlers },
  Provisioning: provisioningHandlers,
  Notification: notificationHandlers,
  Billing: { ...billingHandlers, ...allowedServicesHandlers },
  ServiceManagement: { ...serviceInfoHandlers, ...catalogServiceManagementHandlers },
  Metadata: catalogMetadataHandlers,
  IpRestrictions: ipRestrictionHandlers,
  Quotes: quoteHandlers,
  Reporting: reportHandlers,
  Studio: studioHandlers,
  Webhooks: webhookHandlers,
};

export function handlerFor(service: string, method: string): Handler<never, unknown> | undefined {
  const handlers = registry[service];
  return handlers && Object.hasOwn(handlers, method) ? handlers[method] : undefined;
}

export function implementedMethods(): string[] {
  return Object.entries(registry).flatMap(([service, handlers]) =>
    Object.keys(handlers).map((method) => `${service}/${method}`),
  );
}
