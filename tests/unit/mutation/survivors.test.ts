/**
 * Tests written for the mutants the run of 29 Nov 2026 left alive (README, Mutation testing): each names
 * the rule a surviving mutant broke without any test noticing.
 */
import { describe, expect, it } from 'vitest';
import { assertAccountsInScope } from '../../../server/auth/access';
import { narrowCapabilities } from '../../../server/auth/api-tokens/token-reach';
import { openPglite } from '../../../server/db/pglite';
import type { Caller } from '../../../server/services/context';
import { normaliseEntries } from '../../../server/services/security/security-grants';
import { refusedHost, type AddressPolicy, type ResolveAll } from '../../../server/webhooks/endpoint-address';

const duplicate = (entries: unknown[]) => {
  try {
    normaliseEntries(entries as never);
    return 'kept';
  } catch (error) {
    return (error as { textKey: string }).textKey;
  }
};

describe('a capability entry is told apart by its type, service and value', () => {
  it('keeps two entries of one type for different services or values', () => {
    expect(duplicate([{ ObjectType: 'PRICE_LISTS', ServiceName: 'backup', Read: true }, { ObjectType: 'PRICE_LISTS', ServiceName: 'mail', Read: true }])).toBe('kept');
    expect(duplicate([{ ObjectType: 'PRICE_LISTS', Value: 'own', Read: true }, { ObjectType: 'PRICE_LISTS', Value: 'all', Read: true }])).toBe('kept');
  });

  it('takes an empty service or value for none: such a pair is the same entry twice', () => {
    expect(duplicate([{ ObjectType: 'USERS', ServiceName: '', Read: true }, { ObjectType: 'USERS', Execute: true }])).toBe('admin.security.duplicateEntry');
    expect(duplicate([{ ObjectType: 'USERS', Value: '', Read: true }, { ObjectType: 'USERS', Execute: true }])).toBe('admin.security.duplicateEntry');
  });
});

describe('a token’s capabilities', () => {
  it('carry a Value only where the creator’s entry has one (no key at all otherwise)', () => {
    const narrowed = narrowCapabilities([{ ObjectType: 'USERS', Read: true, Execute: true }] as never, [{ ObjectType: 'USERS', Read: true }] as never);
    const users = narrowed.find((entry) => entry.ObjectType === 'USERS')!;
    expect(Object.keys(users).sort()).toEqual(['ObjectType', 'Read']);
  });
});

describe('a webhook host that resolves to several addresses', () => {
  const policy: AddressPolicy = { allowPrivate: false, allowed: [], allowLoopback: false };
  const resolvingTo = (...addresses: string[]): ResolveAll => (_host, _options, callback) => callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

  it('is refused when any of them is refused, not only the first', async () => {
    expect(await refusedHost('mixed.example', policy, resolvingTo('93.184.216.34', '10.0.0.5'))).toBe('private address 10.0.0.5');
    expect(await refusedHost('public.example', policy, resolvingTo('93.184.216.34', '2606:2800:220:1::1'))).toBeUndefined();
  });
});

describe('the reach check on a real database', () => {
  // The one query of assertAccountsInScope run for real (PGlite): accounts 1, 1/20, 1/20/21, 1/30.
  it('allows accounts on or below the caller’s path and refuses the others and unknown ids', async () => {
    const db = await openPglite(undefined);
    try {
      await db.exec(`CREATE TABLE accounts (id bigint PRIMARY KEY, path text NOT NULL);
        INSERT INTO accounts VALUES (1, '1'), (20, '1/20'), (21, '1/20/21'), (30, '1/30');`);
      const caller = { loaded: { scopePath: '1/20' } } as unknown as Caller;
      const outcome = (ids: number[]) => assertAccountsInScope(db, caller, ids).then(() => 'allowed', (error: { status: number }) => error.status);
      expect(await outcome([20, 21])).toBe('allowed');
      expect(await outcome([21, 30])).toBe(403);
      expect(await outcome([21, 99])).toBe(403);
    } finally {
      await db.close();
    }
    // Starting an embedded PostgreSQL takes seconds on a busy machine.
  }, 60_000);
});
