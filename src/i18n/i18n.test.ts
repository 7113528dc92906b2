// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, i18n, initI18n } from './i18n';
import { loadLocaleTexts, type LoadLocaleTexts } from './locale-loader';

const fakeLoad: LoadLocaleTexts = async (locale) => ({ greeting: `hello-${locale}` });

beforeAll(async () => {
  await initI18n('en', fakeLoad);
});

beforeEach(async () => {
  localStorage.clear();
  await i18n.changeLanguage('en');
});

describe('changeLocale', () => {
  it('loads the texts first, then stores and switches', async () => {
    const load = vi.fn(fakeLoad);
    await expect(changeLocale('de', load)).resolves.toBe('de');
    expect(load).toHaveBeenCalledWith('de');
    expect(localStorage.getItem('locale')).toBe('de');
    expect(i18n.language).toBe('de');
    expect(i18n.t('greeting')).toBe('hello-de');
    expect(document.documentElement.lang).toBe('de');
  });

  it('changes nothing and only logs when the texts fail to load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing: LoadLocaleTexts = async () => {
      throw new Error('offline');
    };
    await expect(changeLocale('fr', failing)).resolves.toBeUndefined();
    expect(localStorage.getItem('locale')).toBeNull();
    expect(i18n.language).toBe('en');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });

  it('refuses an unsupported code', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(changeLocale('klingon', fakeLoad)).resolves.toBeUndefined();
    expect(i18n.language).toBe('en');
    log.mockRestore();
  });

  it('maps en_EN to en', async () => {
    await expect(changeLocale('en_EN', fakeLoad)).resolves.toBe('en');
  });
});

describe('loadLocaleTexts', () => {
  it('loads a real locale file on demand', async () => {
    const texts = await loadLocaleTexts('sv');
    expect(texts.language).toMatchObject({ name: 'Svenska' });
  });
});
