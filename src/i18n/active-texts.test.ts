import { afterEach, describe, expect, it } from 'vitest';
import { activeLocale, setActiveTexts, textsTranslator, translate } from './active-texts';

describe('active texts', () => {
  afterEach(() => setActiveTexts({ locale: () => 'en', translate: (key) => key }));

  it('reads nested keys and fills {{placeholders}} as i18next does', () => {
    const t = textsTranslator({ login: { submit: 'Anmelden' }, access: { sso: { signInWith: 'Mit {{name}} anmelden' } } });
    expect(t('login.submit')).toBe('Anmelden');
    expect(t('access.sso.signInWith', { name: 'Contoso ID' })).toBe('Mit Contoso ID anmelden');
  });

  it('answers a missing key with the default value, else the key', () => {
    const t = textsTranslator({ login: { submit: 'Sign in' } });
    expect(t('errors.unknown', { defaultValue: 'Unknown error' })).toBe('Unknown error');
    expect(t('login.submit.more')).toBe('login.submit.more');
  });

  it('is what the service client and sign-in read until another source is set', () => {
    setActiveTexts({ locale: () => 'de', translate: textsTranslator({ errors: { unknown: 'Unbekannt' } }) });
    expect(activeLocale()).toBe('de');
    expect(translate('errors.unknown')).toBe('Unbekannt');
  });
});
