import { valueText, type ValueKindName } from '../../contract/value-kinds';
import type { TextRef } from './definition-schema';

/** The translation function of the app (i18next's `t` fits). */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const interpolate = (text: string, values: Record<string, string | number> = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) => (name in values ? String(values[name]) : match));

/** A definition text in the locale: a translation key goes through `translate`, inline texts pick the locale or English. */
export function resolveText(ref: TextRef, translate: Translate, locale: string, values?: Record<string, string | number>): string {
  if (typeof ref === 'string') return translate(ref, values);
  const base = locale.split(/[-_]/)[0];
  return interpolate(ref[base] ?? ref.en, values);
}

/** Label of a status value: `prefix + value without spaces` when a prefix is given and translated, else the value itself. */
export function statusLabel(value: string, labelPrefix: string | undefined, translate: Translate): string {
  if (!labelPrefix) return value;
  const key = `${labelPrefix}${value.replace(/[^A-Za-z0-9]/g, '')}`;
  const text = translate(key);
  return text === key ? value : text;
}

/** A stored value of a registered kind in the user's language (contract/value-kinds.ts); the value itself when it has no text. */
export const kindLabel = (kind: ValueKindName, value: string, translate: Translate): string => valueText(kind, value, (key, params) => translate(key, params));
