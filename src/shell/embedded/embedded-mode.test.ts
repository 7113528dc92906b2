// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { accountIdFromUrl, detectEmbedded } from './embedded-mode';

describe('embedded mode', () => {
  it('reads the account id two segments after Account', () => {
    expect(accountIdFromUrl('https://host.example/#/Account/View/123')).toBe(123);
    expect(accountIdFromUrl('/v/#/account/edit/77/Notifications')).toBe(77);
    expect(accountIdFromUrl('/#/Account/View/')).toBeUndefined();
    expect(accountIdFromUrl('/#/Account/View/abc')).toBeUndefined();
    expect(accountIdFromUrl('/#/Dashboard')).toBeUndefined();
  });

  it('is on in a frame or with the query flag, in the page or the hash query', () => {
    const top = { location: { search: '', hash: '#/' } } as unknown as Window & typeof globalThis;
    Object.assign(top, { parent: top });
    expect(detectEmbedded(top)).toBe(false);
    expect(detectEmbedded(Object.assign(Object.create(top) as Window & typeof globalThis, { parent: {}, location: top.location }))).toBe(true);
    const flagged = { location: { search: '', hash: '#/account/5?embedded=1' } } as unknown as Window & typeof globalThis;
    Object.assign(flagged, { parent: flagged });
    expect(detectEmbedded(flagged)).toBe(true);
    const pageFlag = { location: { search: '?embedded=true', hash: '' } } as unknown as Window & typeof globalThis;
    Object.assign(pageFlag, { parent: pageFlag });
    expect(detectEmbedded(pageFlag)).toBe(true);
  });
});
