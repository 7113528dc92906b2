/**
 * What an API token reaches (server/auth/api-tokens/token-reach.ts): the capabilities it was given that
 * its creator holds, within the deeper of the two subtrees.
 */
import { describe, expect, it } from 'vitest';
import { flagsNotHeld, narrowCapabilities, narrowScope, normalisedCapabilities } from '../../../server/auth/api-tokens/token-reach';

const creator = [
  { ObjectType: 'LOGIN', Execute: true },
  { ObjectType: 'USERS', Read: true, Create: true, Value: 'own' },
  { ObjectType: 'BILLING', Read: true },
  { ObjectType: 'FAILED_PROVISIONING', Read: true },
];

describe('narrowCapabilities', () => {
  it('keeps the flags given that the creator holds, LOGIN as the creator holds it, and what they imply', () => {
    expect(narrowCapabilities(creator, [{ ObjectType: 'USERS', Read: true, Delete: true }, { ObjectType: 'FAILED_PROVISIONING', Read: true }, { ObjectType: 'ADMIN', Read: true }])).toEqual([
      { ObjectType: 'LOGIN', Execute: true },
      { ObjectType: 'USERS', Read: true, Value: 'own' },
      { ObjectType: 'FAILED_PROVISIONING', Read: true },
      { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true },
    ]);
    expect(narrowCapabilities(creator, [{ ObjectType: 'BILLING', Execute: true }])).toEqual([{ ObjectType: 'LOGIN', Execute: true }]);
    expect(narrowCapabilities(creator, [{ ObjectType: 'USERS', Read: true }, { ObjectType: 'USERS', Create: true }])).toEqual([
      { ObjectType: 'LOGIN', Execute: true },
      { ObjectType: 'USERS', Read: true, Create: true, Value: 'own' },
    ]);
    expect(narrowCapabilities([{ ObjectType: 'BILLING', Read: true }], [{ ObjectType: 'LOGIN', Execute: true }])).toEqual([]);
  });
});

describe('flagsNotHeld', () => {
  it('names every flag asked for that the creator lacks', () => {
    expect(flagsNotHeld(creator, [{ ObjectType: 'USERS', Read: true }, { ObjectType: 'BILLING', Read: true }])).toEqual([]);
    expect(flagsNotHeld(creator, [{ ObjectType: 'USERS', Read: true, Delete: true }, { ObjectType: 'ADMIN', Execute: true }, { ObjectType: 'BILLING', Read: false }])).toEqual(['USERS.Delete', 'ADMIN.Execute']);
  });
});

describe('normalisedCapabilities', () => {
  it('merges entries of one type and drops those without a flag', () => {
    expect(normalisedCapabilities([{ ObjectType: 'USERS', Read: true }, { ObjectType: 'BILLING', Read: false }, { ObjectType: 'USERS', Delete: true, Execute: false }])).toEqual([
      { ObjectType: 'USERS', Read: true, Delete: true },
    ]);
  });
});

describe('narrowScope', () => {
  it('is the deeper of two nested subtrees, none when they do not overlap', () => {
    expect(narrowScope('1/20', null)).toBe('1/20');
    expect(narrowScope('1/20', '1/20/21')).toBe('1/20/21');
    expect(narrowScope('1/20/21', '1/20')).toBe('1/20/21');
    expect(narrowScope('1/20', '1/20')).toBe('1/20');
    expect(narrowScope('1/20', '1/30')).toBeUndefined();
    expect(narrowScope('1/20', '1/200')).toBeUndefined();
  });
});
