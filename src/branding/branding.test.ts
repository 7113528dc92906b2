import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, parseBranding } from './branding';

describe('parseBranding', () => {
  it('falls back to the defaults for a missing or broken config', () => {
    expect(parseBranding(undefined)).toEqual(DEFAULT_BRANDING);
    expect(parseBranding('garbage')).toEqual(DEFAULT_BRANDING);
    expect(parseBranding([1, 2])).toEqual(DEFAULT_BRANDING);
  });

  it('keeps valid fields and replaces invalid ones field by field', () => {
    const branding = parseBranding({
      title: '  Acme Cloud ',
      logo: '/branding/latest/logo.png',
      colors: { primary: 'not-a-colour', secondary: '#00897b' },
      default_locale: 'de',
      register_url: 'javascript:alert(1)',
      sso_setup_list: [
        { id: 'a', name: 'Azure', client: 'c', auth_endpoint: 'https://login.example/auth', scope: 'openid' },
        { id: 'b', name: 'Broken' },
      ],
    });
    expect(branding.title).toBe('Acme Cloud');
    expect(branding.logo).toBe('/branding/latest/logo.png');
    expect(branding.colors).toEqual({ primary: '#6a1b9a', secondary: '#00897b' });
    expect(branding.default_locale).toBe('de');
    expect(branding.register_url).toBeUndefined();
    expect(branding.sso_setup_list.map((entry) => entry.id)).toEqual(['a']);
  });

  it('accepts rgb and short hex colours', () => {
    expect(parseBranding({ colors: { primary: 'rgb(10, 20, 30)' } }).colors.primary).toBe('rgb(10, 20, 30)');
    expect(parseBranding({ colors: { primary: '#abc' } }).colors.primary).toBe('#abc');
  });
});

describe('parseBranding: instance, legacy app and third-party scripts', () => {
  it('defaults to the dev instance, no legacy app and no scripts', () => {
    expect(DEFAULT_BRANDING).toMatchObject({ instance: 'dev', third_party_scripts: [] });
    expect(parseBranding({}).legacy_app_url).toBeUndefined();
  });

  it('accepts only the instances of spec §9, web addresses and known script kinds', () => {
    const branding = parseBranding({
      instance: 'de',
      legacy_app_url: 'https://main.example/',
      third_party_scripts: [
        { kind: 'analytics', src: 'https://analytics.example/a.js', consent_service_id: 'web-analytics' },
        { kind: 'miner', src: 'https://evil.example/m.js' },
        { kind: 'tracking', src: 'javascript:alert(1)' },
      ],
    });
    expect(branding.instance).toBe('de');
    expect(branding.legacy_app_url).toBe('https://main.example/');
    expect(branding.third_party_scripts).toEqual([{ kind: 'analytics', src: 'https://analytics.example/a.js', consent_service_id: 'web-analytics' }]);
    expect(parseBranding({ instance: 'moon', legacy_app_url: 'ftp://x' })).toMatchObject({ instance: 'dev', legacy_app_url: undefined });
  });
});
