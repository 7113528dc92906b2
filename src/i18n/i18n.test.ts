// @vitest-environment jsdom
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale, i18n, initI18n, loadRemainingTexts } from './i18n';
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
    expect(load).toHaveBeenCalledWith('de', 'signIn');
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

describe('loadRemainingTexts', () => {
  it('loads the shell part of the current language, and of every language switched to afterwards', async () => {
    const load = vi.fn(fakeLoad);
    await changeLocale('it', load);
    expect(load.mock.calls).toEqual([['it', 'signIn']]);
    await changeLocale('en', load);
    await loadRemainingTexts();
    expect(load).toHaveBeenLastCalledWith('en', 'rest');
    load.mockClear();
    await changeLocale('nl', load);
    expect(load.mock.calls).toEqual([
      ['nl', 'signIn'],
      ['nl', 'rest'],
    ]);
  });
});

describe('loadLocaleTexts', () => {
  it('loads the sign-in part of a real locale file: sign-in texts, not the shell', async () => {
    const texts = await loadLocaleTexts('sv', 'signIn');
    expect(texts.language).toMatchObject({ name: 'Svenska' });
    expect(texts.login).toBeDefined();
    expect(texts.shell).toBeUndefined();
    expect(Object.keys(texts.access as object)).toEqual(['sso']);
  });

  it('loads the rest: everything the sign-in part lacks', async () => {
    const texts = await loadLocaleTexts('sv', 'rest');
    expect(texts.shell).toHaveProperty('search');
    expect(texts.login).toBeUndefined();
    expect(texts.access).not.toHaveProperty('sso');
    expect(texts.identity).toBeDefined();
  });
});
