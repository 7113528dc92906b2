import type { Handler } from './context';
import { authorizationHandlers } from './authorization';
import { ssoHandlers } from './sso';
import { impersonationHandlers } from './impersonation';
import { companyUserHandlers } from './company-users';
import { accountSearchHandlers, serviceSearchHandlers } from './search';
import { supportHandlers } from './support';
import { termsAccountHandlers, termsMarketplaceHandlers } from './terms';
import { chatBotHandlers } from './chat-bot';
import { mfaHandlers } from './mfa';
import { passwordCheckHandlers, selfCareHandlers } from './self-care';
import { adminHandlers } from './admin';
import { securityHandlers } from './security/security';
import { importHandlers } from './imports';
import { creditCheckHandlers } from './orders/credit-check';
import { pricingHandlers } from './pricing';
import { customChargesHandlers } from './charges/custom-charges';
import { invoiceHandlers } from './invoice';
import { provisioningHandlers } from './provisioning';
import { layoutHandlers } from './layouts';
import { accountHandlers } from './accounts';
import { accountsScreenHandlers } from './accounts-screen';
import { auditLogHandlers } from './audit-log';
import { notificationHandlers } from './notifications';
import { billingHandlers } from './billing';
import { allowedServicesHandlers } from './allowed-services';
import { serviceInfoHandlers } from './service-info';
import { catalogMarketplaceHandlers, catalogMetadataHandlers, catalogServiceManagementHandlers } from './catalog';
import { marketplaceHandlers } from './marketplace';
import { invoiceTaskHandlers, ipRestrictionHandlers, lifecycleAccountHandlers } from './lifecycle';
import { quoteHandlers } from './quotes/quote-handlers';
import { reportHandlers } from './reports/report-handlers';
import { studioHandlers } from './studio/studio-handlers';
import { upgradeHandlers } from './upgrade';
import { dashboardHandlers } from './dashboard/dashboard-handlers';

/**
 * Handlers per service. A catalogue method without a handler answers 501
 * (listed in the README as not implemented yet).
 */
const registry: Record<string, Record<string, Handler<never, unknown> | undefined>> = {
  Admin: adminHandlers,
  Security: securityHandlers,
  Authorization: { ...authorizationHandlers, ...ssoHandlers, ...impersonationHandlers },
  Account: { ...accountSearchHandlers, ...supportHandlers, ...termsAccountHandlers, ...companyUserHandlers, ...mfaHandlers, ...passwordCheckHandlers, ...layoutHandlers, ...accountHandlers, ...auditLogHandlers, ...lifecycleAccountHandlers, ...upgradeHandlers, ...dashboardHandlers, ...accountsScreenHandlers },
  Marketplace: { ...serviceSearchHandlers, ...termsMarketplaceHandlers, ...catalogMarketplaceHandlers, ...marketplaceHandlers },
  ChatBot: chatBotHandlers,
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
