import { CapabilityObjectTypes, type Capability, type CapabilityObjectType } from '../../contract/capabilities';

type Flag = 'R' | 'E' | 'C' | 'D';

/** One capability entry; `flags` is a combination of R(ead), E(xecute), C(reate), D(elete). */
function grant(objectType: CapabilityObjectType, flags: string): Capability {
  const set = new Set(flags.split('') as Flag[]);
  for (const flag of set) if (!'RECD'.includes(flag)) throw new Error(`Unknown capability flag ${flag}`);
  return {
    ObjectType: objectType,
    ...(set.has('R') ? { Read: true } : {}),
    ...(set.has('E') ? { Execute: true } : {}),
    ...(set.has('C') ? { Create: true } : {}),
    ...(set.has('D') ? { Delete: true } : {}),
  };
}

const grantAll = (objectTypes: readonly CapabilityObjectType[], flags: string) => objectTypes.map((type) => grant(type, flags));

/** Quotation tool with Value HIERARCHY: customer quotes (spec §6). */
const CUSTOMER_QUOTES: Capability = { ObjectType: 'QUOTATION_TOOL', Read: true, Value: 'HIERARCHY' };

/**
 * The demo capability sets, by key. LOGIN lives in its own "Sign-in" set so
 * that roles show how sets combine, and so one user (nologin.user) can hold a
 * role without it.
 */
export const DEMO_CAPABILITY_SETS = {
  signIn: {
    name: 'Sign-in',
    capabilities: [grant('LOGIN', 'E')],
  },
  notifications: {
    name: 'Notifications',
    capabilities: [grant('NOTIFICATIONS', 'R')],
  },
  fullAdministration: {
    name: 'Full administration',
    capabilities: [...grantAll(CapabilityObjectTypes, 'RECD'), CUSTOMER_QUOTES],
  },
  resellerAdministration: {
    name: 'Reseller administration',
    capabilities: [
      ...grantAll(['MARKETPLACE', 'PRICE_LISTS', 'PRICING_RULES', 'SERVICE_TOOLS'], 'RECD'),
      grant('FAILED_PROVISIONING', 'RE'),
      grant('MY_IMPORTS', 'R'),
      ...grantAll(['COMPANY_ACCOUNT', 'RESELLER_ACCOUNT', 'DEPARTMENT_ACCOUNT', 'USER_ACCOUNT', 'PRODUCT_ACCOUNT'], 'RCED'),
      grant('CUSTOM_CHARGES', 'RCD'),
      ...grantAll(['BILLING', 'REPORTING', 'NOTIFICATIONS', 'AUDIT_LOG', 'SUPPORT_CONTACT_DETAILS', 'WIKI'], 'R'),
      grant('QUOTATION_TOOL', 'RECD'),
      CUSTOMER_QUOTES,
      grant('SALES_QUOTE', 'R'),
      // Accepting a quote for a customer on its recorded confirmation (issue 36).
      grant('ORDER_ON_BEHALF', 'E'),
      grant('IMPERSONATION', 'E'),
      ...grantAll(['SECURITY_ROLES', 'MFA', 'IP_RESTRICTIONS', 'WEBHOOKS'], 'RECD'),
      grant('CREDIT_CHECK_COMPANY_ORDERS', 'RC'),
      ...grantAll(['ACCOUNT_MOVE', 'ACCOUNT_TERMINATION'], 'RE'),
      ...grantAll(['SUBSCRIPTIONS', 'USERS'], 'REC'),
      grant('CHAT_BOT', 'R'),
      grant('CUSTOM_LANDING_PAGE', 'C'),
      grant('TERMS', 'R'),
    ],
  },
  accountManagement: {
    name: 'Account management',
    capabilities: [
      grant('CREDIT_CHECK_ORDER_MANAGEMENT', 'RE'),
      grant('COMPANY_ACCOUNT', 'R'),
      grant('FAILED_PROVISIONING', 'R'),
      ...grantAll(['NOTIFICATIONS', 'REPORTING'], 'R'),
    ],
  },
  companyAdministration: {
    name: 'Company administration',
    capabilities: [
      // Delete on these kinds of account with ACCOUNT_TERMINATION: terminating them (spec §6).
      ...grantAll(['USER_ACCOUNT', 'DEPARTMENT_ACCOUNT', 'PRODUCT_ACCOUNT'], 'RCED'),
      ...grantAll(['USERS', 'SUBSCRIPTIONS'], 'REC'),
      ...grantAll(['ACCOUNT_MOVE', 'ACCOUNT_TERMINATION'], 'RE'),
      grant('BILLING', 'R'),
      grant('CUSTOM_CHARGES', 'RCD'),
      ...grantAll(['MFA', 'IP_RESTRICTIONS', 'WEBHOOKS'], 'RE'),
      grant('CREDIT_CHECK_COMPANY_ORDERS', 'RC'),
      ...grantAll(['MY_IMPORTS', 'MARKETPLACE', 'NOTIFICATIONS', 'AUDIT_LOG', 'REPORTING', 'SUPPORT_CONTACT_DETAILS', 'WIKI'], 'R'),
      grant('FAILED_PROVISIONING_OWNED', 'RE'),
      grant('SECURITY_ROLES', 'R'),
      // Quotes sent to the company: read, accept, decline.
      grant('QUOTATION_TOOL', 'R'),
    ],
  },
  vendorAdministration: {
    name: 'Vendor administration',
    capabilities: [
      grant('PRODUCT_OWNER_PROFILE', 'R'),
      grant('MY_SERVICES', 'R'),
      grant('SERVICE_TOOLS', 'RCED'),
      grant('MARKETPLACE', 'R'),
      // Their own products' layouts only (the studio's handlers check the products' vendor).
      grant('DEFINITION_STUDIO', 'RE'),
    ],
  },
} as const satisfies Record<string, { name: string; capabilities: readonly Capability[] }>;

export type DemoCapabilitySetKey = keyof typeof DEMO_CAPABILITY_SETS;
