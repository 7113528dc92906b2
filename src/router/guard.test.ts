import { describe, expect, it } from 'vitest';
import type { Capability } from '../../contract';
import { decideNavigation, isAccountViewPage, loginPathFor, meetsRequirements, needsCurrentUser, ssoReturnPath, type UserState } from './guard';

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
      refused: true,
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

describe('decideNavigation: single-sign-on return', () => {
  it('sends a page query with code and state to the SSO route, before anything else', () => {
    for (const user of [{ status: 'loading' } as const, { status: 'signedOut' } as const, signedIn()]) {
      expect(decideNavigation({}, '/', user, '?code=abc&state=s.1&iss=https%3A%2F%2Fidp')).toEqual({
        kind: 'redirect',
        to: '/sso-auth/abc/s.1',
        leavesDocumentQuery: true,
      });
    }
  });

  it('also reads the router query and encodes both values as path segments', () => {
    expect(decideNavigation({ public: true }, '/login?code=a%2Fb&state=x%20y', { status: 'signedOut' })).toMatchObject({
      kind: 'redirect',
      to: '/sso-auth/a%2Fb/x%20y',
    });
  });

  it('needs both values, and does not loop on the SSO route itself', () => {
    expect(decideNavigation({ public: true }, '/login', { status: 'signedOut' }, '?code=abc')).toEqual({ kind: 'render' });
    expect(decideNavigation({ public: true }, '/sso-auth/abc/s1', { status: 'signedOut' }, '?code=abc&state=s1')).toEqual({ kind: 'render' });
    expect(ssoReturnPath('?state=only')).toBeUndefined();
  });
});

describe('decideNavigation: MFA steps and mandatory MFA setup', () => {
  it('lets the MFA steps pass without the current user', () => {
    for (const path of ['/login-mfa?redirect=%2F', '/select-mfa-method', '/setup-mfa', '/setup-mfa-email']) {
      expect(decideNavigation({}, path, { status: 'loading' })).toEqual({ kind: 'render' });
      expect(decideNavigation({}, path, { status: 'signedOut' })).toEqual({ kind: 'render' });
      expect(needsCurrentUser({}, path)).toBe(false);
    }
    expect(needsCurrentUser({}, '/pricelists')).toBe(true);
    expect(needsCurrentUser({ public: true }, '/login')).toBe(false);
  });

  it('sends a user who must set up MFA to /setup-mfa with the wanted path, from every other route', () => {
    const mustSetUp: UserState = { status: 'signedIn', capabilities: [{ ObjectType: 'ADMINISTRATIVE', Read: true }], mustSetupMfa: true };
    expect(decideNavigation({}, '/pricelists?x=1', mustSetUp)).toEqual({ kind: 'redirect', to: '/setup-mfa?redirect=%2Fpricelists%3Fx%3D1' });
    expect(decideNavigation({ requires: [{ ObjectType: 'ADMINISTRATIVE', Read: true }] }, '/admin-console', mustSetUp)).toMatchObject({
      to: '/setup-mfa?redirect=%2Fadmin-console',
    });
    expect(decideNavigation({}, '/setup-mfa?redirect=%2F', mustSetUp)).toEqual({ kind: 'render' });
    expect(decideNavigation({ public: true }, '/login', mustSetUp)).toEqual({ kind: 'render' });
  });
});

describe('route requirements: OR and AND', () => {
  const capabilities = [
    { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true },
    { ObjectType: 'MY_IMPORTS', Read: true },
  ];
  const provisioning = { anyOf: [{ ObjectType: 'FAILED_PROVISIONING', Read: true }, { ObjectType: 'FAILED_PROVISIONING_OWNED', Read: true }] };

  it('anyOf holds when one alternative holds, allOf when all do, and they nest', () => {
    expect(meetsRequirements(capabilities, [provisioning])).toBe(true);
    expect(meetsRequirements(capabilities, [{ anyOf: [{ ObjectType: 'FAILED_PROVISIONING', Read: true }] }])).toBe(false);
    expect(meetsRequirements(capabilities, [{ allOf: [provisioning, { ObjectType: 'MY_IMPORTS', Read: true }] }])).toBe(true);
    expect(meetsRequirements(capabilities, [{ allOf: [provisioning, { ObjectType: 'REPORTING', Read: true }] }])).toBe(false);
    expect(meetsRequirements(capabilities, [{ anyOf: [{ allOf: [{ ObjectType: 'REPORTING', Read: true }] }, { allOf: [provisioning] }] }])).toBe(true);
    expect(meetsRequirements(capabilities, [{ anyOf: [] }])).toBe(false);
    expect(meetsRequirements(capabilities, [{ allOf: [] }])).toBe(true);
  });

  it('applies them in the guard: the site root when they do not hold', () => {
    const route = { requires: [provisioning] };
    expect(decideNavigation(route, '/provisioning', signedIn(capabilities))).toEqual({ kind: 'render' });
    expect(decideNavigation(route, '/provisioning', signedIn([{ ObjectType: 'MY_IMPORTS', Read: true }]))).toEqual({ kind: 'redirect', to: '/', refused: true });
  });
});

describe('isAccountViewPage', () => {
  it('knows the account view and its sub-pages', () => {
    expect(isAccountViewPage('/account/5')).toBe(true);
    expect(isAccountViewPage('/account/5/billing')).toBe(true);
    expect(isAccountViewPage('/accounts')).toBe(false);
    expect(isAccountViewPage('/upgrade-subscription/5')).toBe(false);
  });
});
