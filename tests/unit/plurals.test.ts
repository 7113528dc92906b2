/**
 * Counted texts read by the language's own plural rules (CLDR through i18next and the
 * server's translator): "1 problem", "2 problemy", "5 problemów", "22 problemy".
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../../server/texts';

const LANGUAGES = ['en', 'pl', 'ru', 'ro'] as const;
const i18n = i18next.createInstance();

beforeAll(async () => {
  const resources = Object.fromEntries(
    LANGUAGES.map((lang) => [lang, { translation: JSON.parse(readFileSync(resolve(import.meta.dirname, `../../locales/${lang}.json`), 'utf8')) as object }]),
  );
  await i18n.init({ resources, lng: 'en', fallbackLng: 'en', interpolation: { escapeValue: false } });
});

const counts = [1, 2, 5, 22] as const;
const render = (lang: string, key: string, values: Record<string, unknown> = {}) => counts.map((count) => i18n.t(key, { lng: lang, count, ...values }));

describe('client plurals', () => {
  it('count problems in each language', () => {
    expect(render('en', 'studio.problemCount')).toEqual(['1 problem', '2 problems', '5 problems', '22 problems']);
    expect(render('pl', 'studio.problemCount')).toEqual(['1 problem', '2 problemy', '5 problemów', '22 problemy']);
    expect(render('ru', 'studio.problemCount')).toEqual(['1 проблема', '2 проблемы', '5 проблем', '22 проблемы']);
    expect(render('ro', 'studio.problemCount')).toEqual(['1 problemă', '2 probleme', '5 probleme', '22 de probleme']);
  });

  it('count ordered subscriptions', () => {
    const requests = { requests: '#7' };
    expect(render('pl', 'quotes.order.direct', requests).map((text) => text.split(',')[0])).toEqual([
      'Zamówiono 1 subskrypcję',
      'Zamówiono 2 subskrypcje',
      'Zamówiono 5 subskrypcji',
      'Zamówiono 22 subskrypcje',
    ]);
    expect(render('ru', 'quotes.order.direct', requests).map((text) => text.split(',')[0])).toEqual([
      'Заказана 1 подписка',
      'Заказаны 2 подписки',
      'Заказано 5 подписок',
      'Заказаны 22 подписки',
    ]);
  });

  it('never fall back to English for a count the language names differently', () => {
    for (const lang of ['pl', 'ru', 'ro']) {
      for (const text of render(lang, 'auditText.PricelistCustomersAdded', { marketplaceId: 7 })) expect(text).not.toMatch(/customer/);
    }
  });
});

describe('server plurals', () => {
  it('pick the form by the count', () => {
    const pl = translator('pl');
    expect(counts.map((count) => pl('catalog.serviceHasSubscriptions', { name: 'X', count }))).toEqual([
      'Nie można usunąć usługi X, dopóki istnieje 1 jej subskrypcja.',
      'Nie można usunąć usługi X, dopóki istnieją 2 jej subskrypcje.',
      'Nie można usunąć usługi X, dopóki istnieje 5 jej subskrypcji.',
      'Nie można usunąć usługi X, dopóki istnieją 22 jej subskrypcje.',
    ]);
    const en = translator('en');
    expect(en('catalog.serviceHasPendingOrders', { name: 'X', count: 1 })).toBe('The service X cannot be deleted while 1 order of it is waiting for approval.');
    expect(en('catalog.serviceHasPendingOrders', { name: 'X', count: 5 })).toBe('The service X cannot be deleted while 5 orders of it are waiting for approval.');
    expect(translator('ru')('studio.checksFail', { count: 5, first: '/' })).toContain('не проходит 5 проверок');
  });
});
