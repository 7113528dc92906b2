/** The account types the New menu creates (spec §2 footer), by their route segment. */
export const CREATABLE_TYPES: Record<string, string> = {
  service: 'Product',
  user: 'User',
  department: 'Department',
  company: 'Company',
  reseller: 'Reseller',
  vendor: 'Vendor',
};

/** The account types a new account of each type may sit under (the CREATE layouts' ParentTypes). */
export const PARENT_TYPES: Record<string, readonly string[]> = {
  Product: ['Company', 'Department'],
  User: ['Company', 'Department', 'Reseller', 'Vendor'],
  Department: ['Company', 'Department'],
  Company: ['Reseller'],
  Reseller: ['Reseller'],
  Vendor: ['Reseller'],
};

/** An account and its ancestors (root first), as LoadAccountById answers. */
export interface AccountWithAncestors {
  AccountId: number;
  AccountType: string;
  Hierarchy: readonly { AccountId: number; AccountType: string }[];
}

/**
 * Where "New <type>" creates when opened from an account: the account itself, else its
 * nearest ancestor the type may sit under; never above the user's own organisation
 * (`accountPath`: the user's AccountPath). Undefined: nowhere on this account's line.
 */
export function parentForNew(account: AccountWithAncestors, typeSegment: string, accountPath: string): number | undefined {
  const allowed = PARENT_TYPES[CREATABLE_TYPES[typeSegment] ?? ''];
  if (!allowed) return undefined;
  const aboveReach = new Set(accountPath.split('/').filter(Boolean).slice(0, -1).map(Number));
  const line = [{ AccountId: account.AccountId, AccountType: account.AccountType }, ...[...account.Hierarchy].reverse().filter((entry) => entry.AccountId !== account.AccountId)];
  return line.find((entry) => !aboveReach.has(entry.AccountId) && allowed.includes(entry.AccountType))?.AccountId;
}
