import { describe, expect, it } from 'vitest';
import { SUB_PAGE_SCREENS } from './AccountScreen';
import { ACCOUNT_SUB_PAGES, parseAccountId, subPagesFor } from './sub-pages';

describe('account sub-pages', () => {
  it('has a screen for every sub-page of spec §2, and none for a page that does not exist', () => {
    const paths = ACCOUNT_SUB_PAGES.map((page) => page.path).filter((path) => path !== '');
    expect(paths.sort()).toEqual(Object.keys(SUB_PAGE_SCREENS).sort());
  });

  it('shows a type its own tabs, each only with its capability', () => {
    const billingReader = [{ ObjectType: 'BILLING', Read: true }];
    // The hierarchy tab needs no capability: GetAccountTree reads what the user may reach.
    expect(subPagesFor('Company', billingReader).map((page) => page.path)).toEqual(['', 'hierarchy', 'billing']);
    expect(subPagesFor('User', billingReader).map((page) => page.path)).toEqual(['', 'user-security']);
    expect(subPagesFor('Product', []).map((page) => page.path)).toEqual(['', 'service-info']);
  });

  it('takes only digit ids as account ids', () => {
    expect(parseAccountId('42')).toBe(42);
    for (const value of ['042', '4.2', '-1', 'abc', '', undefined, '99999999999999999']) expect(parseAccountId(value)).toBeUndefined();
  });
});
