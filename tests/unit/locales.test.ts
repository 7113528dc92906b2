/**
 * Every locale file is complete and really translated: same keys as en.json,
 * no empty texts, the same {{placeholders}}, and nothing left in English except
 * an explicit allow-list.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_NAMES, SUPPORTED_LOCALES } from '../../src/i18n/languages';
import { englishSource, expectedKeys } from './plural-keys';

const localesDir = resolve(import.meta.dirname, '../../locales');

type Texts = { [key: string]: string | Texts };

function flatten(texts: Texts, prefix = ''): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      flatten(value, path).forEach((leaf, leafPath) => flat.set(leafPath, leaf));
    } else {
      flat.set(path, value);
    }
  }
  return flat;
}

const load = (code: string) => flatten(JSON.parse(readFileSync(join(localesDir, `${code}.json`), 'utf8')) as Texts);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1]).sort();

/**
 * Texts that may equal the English one: key → locales allowed (or '*' for all).
 * Values made only of placeholders are always allowed.
 */
const SAME_AS_ENGLISH_ALLOWED: Record<string, readonly string[] | '*'> = {
  'common.ok': '*', // "OK" is the usual word in most of these languages
  'orders.details.product': '*', // a product and its quantity with the multiplication sign: the same notation in every language
  // Co-browsing (issue 38): "Code" is the word in these languages, "Co-browsing" the one Italian and Dutch use.
  'cobrowse.console.code': ['de', 'fr', 'nl'],
  'cobrowse.console.title': ['it', 'nl'],
  'shell.menu.supportCobrowse': ['it', 'nl'],
  'login.password': ['it'], // Italian interfaces say "Password"
  'admin.security.platform': ['hu', 'nl', 'tr'], // the same word in these languages
  // Value kinds (contract/value-kinds.ts): words these languages use as they are.
  'values.accountType.Reseller': ['de', 'nl'],
  'values.category.Backup': ['it', 'ro'],
  'values.category.Communication': ['fr'],
  'values.category.Infrastructure': ['fr'],
  'values.capabilitySet.Notifications': ['fr'],
  'values.systemRole.Accountmanager': ['it'],
  // Words of the third wave that these languages take over as they are.
  'identity.mfa.typePasskey': ['de', 'it'], // "Passkey" is the word German and Italian vendors use
  'values.mfaMethodType.PASSKEY': ['de', 'it'], // the same word, as the method's kind
  'identity.passkeys.defaultName': ['de', 'it'],
  'studio.create.name': ['de'], // "Name"
  'webhooks.title': ['de', 'es', 'fr', 'nl', 'pt', 'sv'], // "Webhooks" is not translated
  // Capability object types in words (the capability-set editor): the same words in these languages.
  'capabilityTypes.WEBHOOKS': ['de', 'es', 'fr', 'nl', 'pt', 'sv'],
  'capabilityTypes.WIKI': ['de', 'es', 'fr', 'hu', 'it', 'nl', 'pl', 'ro', 'fi', 'pt', 'sv'],
  'capabilityTypes.MARKETPLACE': ['es', 'it', 'ro', 'pt'],
  'capabilityTypes.ADMINISTRATIVE': ['fr'],
  'capabilityTypes.NOTIFICATIONS': ['fr'],
  'capabilityTypes.NOTES': ['fr'],
  'capabilityTypes.RESELLERS': ['nl'],
  'webhooks.status': ['de', 'nl', 'pl', 'sv'], // "Status"
  'statusPage.component.database': ['it', 'nl'], // "Database"
  'shell.menu.webhooks': ['de', 'es', 'fr', 'nl', 'pt', 'sv'], // "Webhooks" is not translated
  'studio.panels.optionText': ['de', 'ro', 'sv'], // "Text"
  'studio.panels.layout': ['de', 'it', 'sv'], // "Layout"
  'studio.panels.options': ['fr'],
  'studio.panels.section': ['fr'],
  'studio.panels.root.Actions': ['fr'],
  'studio.panels.actions': ['fr'],
  'studio.panels.filters': ['nl'],
  'webhooks.endpoints': ['es', 'nl', 'pt'], // "Endpoints"
  'webhooks.events': ['nl'],
  'webhooks.event': ['nl'],
  'studio.create.menuGroups.marketplaces': ['es', 'pt'], // the product's own word in these languages
  'studio.create.menuGroups.administration': ['fr', 'sv'],
  'identity.policy.exceptionsTitle': ['fr'],
  // The glossaries' words (locales/glossary) that are the English word in these languages.
  'shell.accountType.Reseller': ['de', 'nl'],
  'shell.new.newReseller': ['de', 'nl'],
  'account.types.Reseller': ['de', 'nl'],
  'orders.columns.product': ['nl'],
  'billing.column.product': ['nl'],
  'quotes.lines.product': ['nl'],
  'billing.column.account': ['nl'],
  'orders.columns.provisioning': ['nl'],
  'account.tabs.provisioning': ['nl'],
  'shell.menu.marketplaces': ['es', 'pt'],
  'pricing.preview.service': ['fr'],
  'availableServices.columns.service': ['fr'],
  'pricelists.prices.service': ['fr'],
  'lifecycle.picker.label': ['it'],
  // "problem" is the word in Polish (singular) and Swedish (both forms).
  'studio.problemCount_one': ['pl', 'sv'],
  'studio.problemCount_other': ['sv'],
  'studio.structure.problemCount_one': ['pl', 'sv'],
  'studio.structure.problemCount_other': ['sv'],
};

const english = load('en');
const otherLocales = SUPPORTED_LOCALES.filter((code) => code !== 'en');

describe('locale files', () => {
  it('exist for exactly the supported locales', () => {
    const files = readdirSync(localesDir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual([...SUPPORTED_LOCALES].sort());
  });

  it.each([...SUPPORTED_LOCALES])('%s: carries its own language name', (code) => {
    expect(load(code).get('language.name')).toBe(LANGUAGE_NAMES[code]);
  });

  it.each([...SUPPORTED_LOCALES])('%s: has no empty or non-string texts', (code) => {
    for (const [key, value] of load(code)) {
      expect(typeof value, `${code}: ${key}`).toBe('string');
      expect(String(value).trim(), `${code}: ${key}`).not.toBe('');
    }
  });

  it.each([...SUPPORTED_LOCALES])('%s: has exactly the keys of en.json, plural texts in its own CLDR categories', (code) => {
    expect([...load(code).keys()].sort()).toEqual(expectedKeys(english.keys(), code));
  });

  it.each(otherLocales)('%s: keeps every interpolation placeholder', (code) => {
    for (const [key, value] of load(code)) {
      const source = englishSource(english, key);
      if (typeof source !== 'string' || typeof value !== 'string') continue;
      expect(placeholders(value), `${code}: ${key}`).toEqual(placeholders(source));
    }
  });

  it.each(otherLocales)('%s: is translated, not an English copy', (code) => {
    for (const [key, value] of load(code)) {
      if (value !== english.get(key) || typeof value !== 'string') continue;
      const allowed = SAME_AS_ENGLISH_ALLOWED[key];
      const placeholderOnly = value.replace(/\{\{\s*[\w.]+\s*\}\}/g, '').trim() === '';
      expect(placeholderOnly || allowed === '*' || allowed?.includes(code), `${code}: ${key} is still English: "${value}"`).toBe(true);
    }
  });
});
