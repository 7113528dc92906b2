/**
 * Capability object types (spec §3, §6). The server grants them through roles
 * built from capability sets; the client and the server both check them.
 */
export const CapabilityObjectTypes = [
  'LOGIN',
  'ADMINISTRATIVE',
  'MY_IMPORTS',
  'MARKETPLACE',
  'MY_SERVICES',
  'PRODUCT_OWNER_PROFILE',
  'QUOTATION_TOOL',
  'SALES_QUOTE',
  'FAILED_PROVISIONING',
  'FAILED_PROVISIONING_OWNED',
  'CREDIT_CHECK_COMPANY_ORDERS',
  'CREDIT_CHECK_ORDER_MANAGEMENT',
  'REPORTING',
  'NOTIFICATIONS',
  'WIKI',
  'SUPPORT_CONTACT_DETAILS',
  'CUSTOM_LANDING_PAGE',
  'CHAT_BOT',
  'PRODUCT_ACCOUNT',
  'USER_ACCOUNT',
  'DEPARTMENT_ACCOUNT',
  'COMPANY_ACCOUNT',
  'RESELLER_ACCOUNT',
  'ACCOUNT_MOVE',
  'ACCOUNT_TERMINATION',
  'NOTES',
  'AUDIT_LOG',
  'BILLING',
  'CAMPAIGNS',
  'CUSTOM_CHARGES',
  'DISCOUNT_TOOL',
  'MFA',
  'IMPERSONATION',
  'IP_RESTRICTIONS',
  'PRICE_LISTS',
  'PRICING_RULES',
  'SERVICE_TOOLS',
  'SECURITY_ROLES',
  'SUBSCRIPTIONS',
  'USERS',
  'RESELLERS',
  'TERMS',
  /** Definition studio (extension): edit, check, publish view layouts and screen definitions. */
  'DEFINITION_STUDIO',
  /** Webhooks (extension, issue 26): an account's endpoints, their deliveries and secrets. */
  'WEBHOOKS',
  /** Support console (extension, issue 38): answer the chat conversations handed over to a person. */
  'SUPPORT_CONSOLE',
  /**
   * Ordering for a customer (extension, issue 36): Execute accepts a quote the seller sent on the
   * customer's behalf, with the customer's confirmation recorded (who, when, the signed document or e-mail).
   */
  'ORDER_ON_BEHALF',
] as const;

export type CapabilityObjectType = (typeof CapabilityObjectTypes)[number];

/** One capability entry as the session user carries it (spec §3). */
export interface Capability {
  ObjectType: string;
  Read?: boolean;
  Execute?: boolean;
  Create?: boolean;
  Delete?: boolean;
  /** Extra qualifier, e.g. HIERARCHY for customer quotes (spec §6). */
  Value?: string;
}
