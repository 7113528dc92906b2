/**
 * The sub-pages of /account/{accountId} (spec §2) as tabs: which account types
 * have them and which capability they need. Each one's screen is in
 * AccountScreen's SUB_PAGE_SCREENS.
 */
import { satisfiesCheck, type CapabilityCheck } from '../../../engine/shared';
import type { Capability } from '../../contract';

export interface AccountSubPage {
  /** Route segment after /account/{id}/ ('' for the details). */
  path: string;
  labelKey: string;
  /** Account types that have it; undefined: all. */
  types?: readonly string[];
  requires?: CapabilityCheck;
}

const read = (ObjectType: string) => ({ ObjectType, Read: true });

export const ACCOUNT_SUB_PAGES: readonly AccountSubPage[] = [
  { path: '', labelKey: 'account.tabs.details' },
  { path: 'hierarchy', labelKey: 'lifecycle.hierarchy.tab', types: ['Company', 'Department', 'Reseller', 'Vendor'] },
  { path: 'available-services', labelKey: 'account.tabs.availableServices', types: ['Company', 'Department', 'Reseller'], requires: read('MARKETPLACE') },
  { path: 'provisioning', labelKey: 'account.tabs.provisioning', types: ['Company', 'Department', 'Product'], requires: { AnyOf: [read('FAILED_PROVISIONING'), read('FAILED_PROVISIONING_OWNED')] } },
  { path: 'notifications', labelKey: 'account.tabs.notifications', types: ['User'], requires: read('NOTIFICATIONS') },
  { path: 'audit-log', labelKey: 'account.tabs.auditLog', requires: read('AUDIT_LOG') },
  { path: 'user-log', labelKey: 'account.tabs.userLog', types: ['User'], requires: read('AUDIT_LOG') },
  { path: 'billing', labelKey: 'account.tabs.billing', types: ['Company', 'Reseller'], requires: read('BILLING') },
  { path: 'custom-charges', labelKey: 'charges.title', types: ['Company', 'Department', 'Reseller', 'Product'], requires: read('CUSTOM_CHARGES') },
  { path: 'service-info', labelKey: 'account.tabs.serviceInfo', types: ['Product'] },
  { path: 'security', labelKey: 'account.tabs.security', types: ['Company', 'Reseller', 'Vendor'], requires: read('SECURITY_ROLES') },
  { path: 'user-security', labelKey: 'account.tabs.userSecurity', types: ['User'] },
  // Issue 26: the account's service tokens.
  { path: 'api-tokens', labelKey: 'apiTokens.tab', types: ['Company', 'Department', 'Reseller', 'Vendor'], requires: read('USERS') },
];

/** The sub-pages a user sees on an account of a type. */
export function subPagesFor(accountType: string, capabilities: readonly Capability[]): AccountSubPage[] {
  return ACCOUNT_SUB_PAGES.filter(
    (page) => (!page.types || page.types.includes(accountType)) && (!page.requires || satisfiesCheck(capabilities, page.requires)),
  );
}

/** Only ids made of digits are account ids (spec §2); anything else is not found. */
export function parseAccountId(value: string | undefined): number | undefined {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}
