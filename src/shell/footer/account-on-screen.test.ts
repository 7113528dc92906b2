import { describe, expect, it } from 'vitest';
import { parentForNew } from '../../screens/account/create-types';
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
  const user = { AccountId: 9, AccountType: 'User', Hierarchy: [{ AccountId: 1, AccountType: 'Reseller' }, { AccountId: 2, AccountType: 'Reseller' }, { AccountId: 5, AccountType: 'Company' }] };
  it('creates under the account shown, else its nearest fitting ancestor', () => {
    expect(parentForNew({ AccountId: 5, AccountType: 'Company', Hierarchy: user.Hierarchy.slice(0, 2) }, 'user', '1')).toBe(5);
    expect(parentForNew(user, 'user', '1')).toBe(5);
    expect(parentForNew(user, 'company', '1')).toBe(2);
  });
  it('never goes above the user’s own organisation', () => {
    expect(parentForNew(user, 'company', '1/2/5')).toBeUndefined();
    expect(parentForNew(user, 'department', '1/2/5')).toBe(5);
    expect(parentForNew(user, 'nonsense', '1')).toBeUndefined();
  });
});
