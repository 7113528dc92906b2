/**
 * The entry: as small as it can be. It picks the start locale and asks for its sign-in texts before the
 * app's start chunk has arrived, so on a slow network both travel together instead of one after the other
 * (issue 37: one round trip less before the first page). A first load of #/login draws the sign-in form
 * from here, without the start chunk (React, the router, i18next: identity/sign-in/sign-in-first.ts);
 * every other page starts the app at once.
 */
import { getBranding } from './branding/branding';
import { showFirstSignIn, isFirstSignIn } from './identity/sign-in/sign-in-first';
import { resolveStartLocale, storedLocale } from './i18n/languages';
import { loadLocaleTexts, type LoadLocaleTexts } from './i18n/locale-loader';

const loadStart = () => import('./start');
const signInFirst = isFirstSignIn(window.location);
// Asked for before anything else runs: beside the texts, not after them.
const startModule = signInFirst ? undefined : loadStart();

const locale = resolveStartLocale(storedLocale(), getBranding().default_locale);
const early = loadLocaleTexts(locale, 'signIn');
// A failure surfaces where the texts are used (reported, English instead), never as an unhandled rejection.
early.catch(() => undefined);
const load: LoadLocaleTexts = (wanted, part) => (wanted === locale && part === 'signIn' ? early : loadLocaleTexts(wanted, part));

if (startModule) void startModule.then(({ start }) => start(locale, load));
else void showFirstSignIn(locale, load, () => loadStart().then(({ firstPage }) => firstPage));
