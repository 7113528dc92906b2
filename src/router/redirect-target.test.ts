import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../contract';
import { afterSignInTarget, resolveRedirectTarget } from './redirect-target';

describe('resolveRedirectTarget', () => {
  it('goes to the start page without a target', () => {
    expect(resolveRedirectTarget(null)).toEqual({ kind: 'router', path: '/' });
    expect(resolveRedirectTarget('  ')).toEqual({ kind: 'router', path: '/' });
  });
  it('treats # targets as hash routes of the main app', () => {
    expect(resolveRedirectTarget('#/Account/View/5')).toEqual({ kind: 'location', href: '/#/Account/View/5' });
  });
  it('keeps router paths with their query', () => {
    expect(resolveRedirectTarget('/account/5?tab=billing')).toEqual({ kind: 'router', path: '/account/5?tab=billing' });
  });
  it('refuses external and protocol-relative targets and the login page itself', () => {
    for (const raw of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/login', '/login?redirect=%2F']) {
      expect(resolveRedirectTarget(raw)).toEqual({ kind: 'router', path: '/' });
    }
  });
});

describe('afterSignInTarget', () => {
  const user = {} as SessionUser;
  it('continues to the MFA steps keeping the redirect', () => {
    expect(afterSignInTarget({ next: 'mfaCode', user }, '/pricelists')).toEqual({ kind: 'router', path: '/login-mfa?redirect=%2Fpricelists' });
    expect(afterSignInTarget({ next: 'mfaSetup', user }, null)).toEqual({ kind: 'router', path: '/setup-mfa' });
  });
  it('goes to the redirect target when done', () => {
    expect(afterSignInTarget({ next: 'done', user }, '/pricelists')).toEqual({ kind: 'router', path: '/pricelists' });
  });
});
