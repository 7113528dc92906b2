import { describe, expect, it } from 'vitest';
import type { Capability } from '../contract';
import { decideNavigation, loginPathFor, meetsRequirements, type UserState } from './guard';

const signedIn = (capabilities: Capability[] = []): UserState => ({ status: 'signedIn', capabilities });

describe('decideNavigation', () => {
  it('lets public routes pass whatever the user state', () => {
    expect(decideNavigation({ public: true }, '/login', { status: 'loading' })).toEqual({ kind: 'render' });
    expect(decideNavigation({ public: true }, '/login', { status: 'signedOut' })).toEqual({ kind: 'render' });
  });

  it('waits while the current user loads', () => {
    expect(decideNavigation({}, '/', { status: 'loading' })).toEqual({ kind: 'wait' });
  });

  it('sends a signed-out user to the login page with the wanted path', () => {
    expect(decideNavigation({}, '/account/5?tab=billing', { status: 'signedOut' })).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Faccount%2F5%3Ftab%3Dbilling',
    });
  });

  it('renders for a signed-in user without requirements', () => {
    expect(decideNavigation({}, '/', signedIn())).toEqual({ kind: 'render' });
  });

  it('sends the user to the site root when a requirement does not hold', () => {
    const route = { requires: [{ ObjectType: 'ADMINISTRATIVE', Read: true }] };
    expect(decideNavigation(route, '/admin-console', signedIn([{ ObjectType: 'ADMINISTRATIVE', Read: false }]))).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decideNavigation(route, '/admin-console', signedIn([{ ObjectType: 'ADMINISTRATIVE', Read: true, Execute: false }]))).toEqual({
      kind: 'render',
    });
  });
});

describe('meetsRequirements', () => {
  const capabilities = [
    { ObjectType: 'QUOTATION_TOOL', Read: true, Value: 'HIERARCHY' },
    { ObjectType: 'LOGIN', Execute: true },
  ];
  it('needs every requirement, each matched on all given properties', () => {
    expect(meetsRequirements(capabilities, [{ ObjectType: 'LOGIN', Execute: true }])).toBe(true);
    expect(meetsRequirements(capabilities, [{ ObjectType: 'QUOTATION_TOOL', Read: true, Value: 'HIERARCHY' }])).toBe(true);
    expect(meetsRequirements(capabilities, [{ ObjectType: 'QUOTATION_TOOL', Value: 'OWN' }])).toBe(false);
    expect(meetsRequirements(capabilities, [{ ObjectType: 'LOGIN', Execute: true }, { ObjectType: 'MY_IMPORTS', Read: true }])).toBe(false);
    expect(meetsRequirements(capabilities, [])).toBe(true);
  });
});

describe('loginPathFor', () => {
  it('encodes the wanted path in the redirect query', () => {
    expect(loginPathFor('/')).toBe('/login?redirect=%2F');
  });
});
