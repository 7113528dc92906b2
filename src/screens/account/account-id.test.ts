import { describe, expect, it } from 'vitest';
import { parseAccountId } from './account-id';

describe('parseAccountId', () => {
  it('takes only digit ids as account ids', () => {
    expect(parseAccountId('42')).toBe(42);
    for (const value of ['042', '4.2', '-1', 'abc', '', undefined, '99999999999999999']) expect(parseAccountId(value)).toBeUndefined();
  });
});
