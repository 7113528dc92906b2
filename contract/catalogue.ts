/**
 * The service catalogue: every Service/Method of spec §7, keyed by the
 * `{Service}` URL segment (the spec's service name as one PascalCase word).
 */
import type { MethodContract } from './define';
import { Authorization } from './services/authorization';
import { ApiTokenExtensions } from './services/api-tokens';
import { SelfCare } from './services/self-care';
import { Account } from './services/account';
import { Billing } from './services/billing';
import { Security } from './services/security';
import { CreditCheck } from './services/credit-check';
import { Marketplace } from './services/marketplace';
import { Provisioning } from './services/provisioning';
import { Admin } from './services/admin';
import { IpRestrictions } from './services/ip-restrictions';
import { ServiceManagement } from './services/service-management';
import { Metadata } from './services/metadata';
import { Pricing } from './services/pricing';
import { CustomCharges } from './services/custom-charges';
import { Quotes } from './services/quotes';
import { Import } from './services/import';
import { Notification } from './services/notification';
import { ChatBot } from './services/chat-bot';
import { ChatSupport } from './services/chat-support';
import { Cobrowse } from './services/cobrowse';
import { Reporting } from './services/reporting';
import { Invoice } from './services/invoice';
import { CatalogMarketplaceExtensions, CatalogServiceManagementExtensions } from './services/catalog-extensions';
import { Studio } from './services/studio';
import { DashboardExtensions } from './services/dashboard';
import { Webhooks } from './services/webhooks';
import { AccountIdentityExtensions, AuthorizationIdentityExtensions } from './services/identity-extensions';

export const catalogue = {
  Authorization: { ...Authorization, ...ApiTokenExtensions, ...AuthorizationIdentityExtensions },
  SelfCare,
  Account: { ...Account, ...DashboardExtensions, ...AccountIdentityExtensions },
  Billing,
  Security,
  CreditCheck,
  Marketplace: { ...Marketplace, ...CatalogMarketplaceExtensions },
  Provisioning,
  Admin,
  IpRestrictions,
  ServiceManagement: { ...ServiceManagement, ...CatalogServiceManagementExtensions },
  Metadata,
  Pricing,
  CustomCharges,
  Quotes,
  Import,
  Notification,
  ChatBot,
  ChatSupport,
  Cobrowse,
  Reporting,
  Invoice,
  Studio,
  Webhooks,
} as const;

export type Catalogue = typeof catalogue;
export type ServiceName = keyof Catalogue;
export type MethodName<S extends ServiceName> = keyof Catalogue[S] & string;

/** Every method as a flat list, for the dispatcher, OpenAPI and generated tests. */
export function listMethods(): { service: string; method: string; contract: MethodContract }[] {
  return Object.entries(catalogue).flatMap(([service, methods]) =>
    Object.entries(methods as Record<string, MethodContract>).map(([method, contract]) => ({ service, method, contract })),
  );
}

export function findMethod(service: string, method: string): MethodContract | undefined {
  // Own properties only: "__proto__/toString" must not find Object.prototype's.
  if (!Object.hasOwn(catalogue, service)) return undefined;
  const methods = (catalogue as Record<string, Record<string, MethodContract>>)[service];
  return Object.hasOwn(methods, method) ? methods[method] : undefined;
}
