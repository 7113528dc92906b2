// @vitest-environment jsdom
/**
 * <LanguageTransitions>: with the app's i18next set-up (no re-render from react-i18next's own binding), a language
 * switch redraws every translated component, on a small page at once and on a large one as a transition.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale, initI18n } from './i18n';
import { LanguageTransitions, SLICED_FROM_ELEMENTS } from './LanguageTransitions';

const texts: Record<string, Record<string, string>> = { en: { greeting: 'Search…' }, de: { greeting: 'Suchen…' }, fr: { greeting: 'Rechercher…' } };
const load = async (locale: string) => texts[locale] ?? {};

function Greeting() {
  const { t } = useTranslation();
  return <p data-testid="greeting">{t('greeting')}</p>;
}

beforeAll(() => initI18n('en', load));
afterEach(async () => {
  cleanup();
  document.body.replaceChildren();
  await changeLocale('en', load);
});

describe('<LanguageTransitions>', () => {
  it('redraws the translated components of a small page in the new language', async () => {
    render(<LanguageTransitions><Greeting /></LanguageTransitions>);
    expect(screen.getByTestId('greeting').textContent).toBe('Search…');
    await act(() => changeLocale('de', load));
    expect(screen.getByTestId('greeting').textContent).toBe('Suchen…');
  });

  it('redraws a large page too (as a transition)', async () => {
    const filler = document.createElement('div');
    filler.append(...Array.from({ length: SLICED_FROM_ELEMENTS }, () => document.createElement('span')));
    document.body.append(filler);
    render(<LanguageTransitions><Greeting /></LanguageTransitions>);
    await act(() => changeLocale('fr', load));
    expect(screen.getByTestId('greeting').textContent).toBe('Rechercher…');
  });

  it('without the provider nothing redraws: the app set-up leaves the switch to it', async () => {
    render(<Greeting />);
    await act(() => changeLocale('de', load));
    expect(screen.getByTestId('greeting').textContent).toBe('Search…');
  });
});
