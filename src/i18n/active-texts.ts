/**
 * The texts code outside React reads (the service client, sign-in): the active locale and a translator.
 * i18next takes this over once it starts (i18n.ts); before that, the first sign-in page sets it from the
 * locale file's `signIn` part alone, so that page runs without i18next (issue 37).
 */
import { DEFAULT_LOCALE, type Locale } from './languages';
import type { LocaleTexts } from './locale-loader';

export type Translate = (key: string, values?: Record<string, string>) => string;

interface ActiveTexts {
  locale: () => Locale;
  translate: Translate;
}

let active: ActiveTexts = { locale: () => DEFAULT_LOCALE, translate: (key, values) => values?.defaultValue ?? key };

export function setActiveTexts(next: ActiveTexts): void {
  active = next;
}

export const activeLocale = (): Locale => active.locale();
export const translate: Translate = (key, values) => active.translate(key, values);

/** A translator over one loaded locale file (nested keys, `{{name}}` placeholders), as i18next reads it. */
export function textsTranslator(texts: LocaleTexts): Translate {
  return (key, values) => {
    let found: string | LocaleTexts | undefined = texts;
    for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
    const text = typeof found === 'string' ? found : values?.defaultValue ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) => values?.[name] ?? placeholder);
  };
}
