import { describe, expect, it } from 'vitest';
import { compileRestrictions, isAddressAllowed, parseEntry } from './ip-rules';

const rules = (entries: { Type: 'Allow' | 'Deny'; Ranges: string }[], IsEnabled = true) => compileRestrictions({ IsEnabled, Entries: entries });

describe('IP entries', () => {
  it('accepts IPv4, IPv6, CIDR and hyphenated ranges, comma-separated', () => {
    const parsed = parseEntry('10.0.0.1, 192.168.0.0/16,2001:db8::/32, 10.1.0.1-10.1.0.9, ::1, fe80::1-fe80::ff');
    expect('ranges' in parsed && parsed.ranges).toHaveLength(6);
  });
  it.each(['10.0.0.300', '10.0.0', '0x0a.0.0.1', '10.0.0.0/33', '2001:db8::/129', '10.0.0.9-10.0.0.1', '10.0.0.1-::1', 'office', '', '1.2.3.4/8/8', '10.0.0.1-10.0.0.2-10.0.0.3'])(
    'names %s as the invalid piece',
    (bad) => {
      const parsed = parseEntry(`10.0.0.1, ${bad}`);
      expect(parsed).toEqual({ invalid: [bad === '' ? '10.0.0.1,' : bad] });
    },
  );
  it('names every invalid piece, not only the first', () => {
    expect(parseEntry('office, 10.0.0.1, 10.0.0.300, 10.0.0.0/33')).toEqual({ invalid: ['office', '10.0.0.300', '10.0.0.0/33'] });
  });
});

describe('the decision for an address', () => {
  it('allows everyone when disabled or empty', () => {
    expect(isAddressAllowed(rules([{ Type: 'Allow', Ranges: '10.0.0.1' }], false), '8.8.8.8')).toBe(true);
    expect(isAddressAllowed(rules([]), '8.8.8.8')).toBe(true);
  });
  it('allow lists: IPv4, CIDR, range, IPv6, IPv4-mapped IPv6', () => {
    const allow = rules([{ Type: 'Allow', Ranges: '203.0.113.0/24, 198.51.100.10-198.51.100.20, 2001:db8::/32' }]);
    expect(isAddressAllowed(allow, '203.0.113.77')).toBe(true);
    expect(isAddressAllowed(allow, '::ffff:203.0.113.77')).toBe(true);
    expect(isAddressAllowed(allow, '198.51.100.15')).toBe(true);
    expect(isAddressAllowed(allow, '198.51.100.21')).toBe(false);
    expect(isAddressAllowed(allow, '2001:db8:1::5')).toBe(true);
    expect(isAddressAllowed(allow, '2001:db9::5')).toBe(false);
    expect(isAddressAllowed(allow, 'not an address')).toBe(false);
  });
  it('deny wins over allow; deny only denies those', () => {
    const both = rules([{ Type: 'Allow', Ranges: '10.0.0.0/8' }, { Type: 'Deny', Ranges: '10.6.6.6' }]);
    expect(isAddressAllowed(both, '10.1.2.3')).toBe(true);
    expect(isAddressAllowed(both, '10.6.6.6')).toBe(false);
    const denyOnly = rules([{ Type: 'Deny', Ranges: '2001:db8::/32' }]);
    expect(isAddressAllowed(denyOnly, '2001:db8::1')).toBe(false);
    expect(isAddressAllowed(denyOnly, '127.0.0.1')).toBe(true);
  });
});
