/**
 * The entry: as small as it can be. It picks the start locale and asks for its sign-in texts before the
 * app's start chunk has arrived, so on a slow network both travel together instead of one after the other
 * (issue 37: one round trip less before the first page). The start chunk is preloaded by index.html
 * (scripts/vite-chunks.ts).
 */
import { getBranding } from './branding/branding';
import { resolveStartLocale, storedLocale } from './i18n/languages';
import { loadLocaleTexts, type LoadLocaleTexts } from './i18n/locale-loader';

const locale = resolveStartLocale(storedLocale(), getBranding().default_locale);
const early = loadLocaleTexts(locale, 'signIn');
// A failure surfaces in initI18n (which reports it and falls back to English), never as an unhandled rejection.
early.catch(() => undefined);
const load: LoadLocaleTexts = (wanted, part) => (wanted === locale && part === 'signIn' ? early : loadLocaleTexts(wanted, part));

void import('./start').then(({ start }) => start(locale, load));
