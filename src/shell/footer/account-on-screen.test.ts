import { describe, expect, it } from 'vitest';
import { parentForNew } from '../../screens/account/account-types';
import { accountIdOnScreen } from './account-on-screen';

describe('accountIdOnScreen', () => {
  it('reads the account page and the accounts screen, nothing else', () => {
    expect(accountIdOnScreen('/account/42')).toBe(42);
    expect(accountIdOnScreen('/account/42/billing')).toBe(42);
    expect(accountIdOnScreen('/accounts/7')).toBe(7);
    expect(accountIdOnScreen('/accounts')).toBeUndefined();
    expect(accountIdOnScreen('/account/new/user')).toBeUndefined();
    expect(accountIdOnScreen('/account/0')).toBeUndefined();
  });
});

describe('parentForNew', () => {
  // The parent types of the demo layouts (screen-definitions/layouts/accounts), as Account/ListAccountTypes answers them.
  const types: Record<string, { ParentTypes: string[] }> = {
    user: { ParentTypes: ['Company', 'Department', 'Reseller', 'Vendor'] },
    company: { ParentTypes: ['Reseller'] },
    department: { ParentTypes: ['Company', 'Department'] },
  };
  const user = { AccountId: 9, AccountType: 'User', Hierarchy: [{ AccountId: 1, AccountType: 'Reseller' }, { AccountId: 2, AccountType: 'Reseller' }, { AccountId: 5, AccountType: 'Company' }] };
  it('creates under the account shown, else its nearest fitting ancestor', () => {
    expect(parentForNew({ AccountId: 5, AccountType: 'Company', Hierarchy: user.Hierarchy.slice(0, 2) }, types.user, '1')).toBe(5);
    expect(parentForNew(user, types.user, '1')).toBe(5);
    expect(parentForNew(user, types.company, '1')).toBe(2);
  });
  it('never goes above the user’s own organisation', () => {
    expect(parentForNew(user, types.company, '1/2/5')).toBeUndefined();
    expect(parentForNew(user, types.department, '1/2/5')).toBe(5);
    expect(parentForNew(user, undefined, '1')).toBeUndefined();
  });
});
