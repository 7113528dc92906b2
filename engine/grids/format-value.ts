/**
 * Display text of a value by its column type and the locale: what plain cells,
 * the detail panel and exports show, by contract/formatting.ts.
 */
import { formatDate as formatDateText, formatDateTime as formatDateTimeText, formatMoney as formatMoneyText, formatNumber as formatNumberText, formatPercent } from '../../contract/formatting';
import type { ValueFormat } from './grid-model';
import type { Translate } from './texts';

type Row = Record<string, unknown>;

export function formatDate(value: unknown, locale: string, withTime: boolean): string {
  if (value === null || value === undefined || value === '') return '';
  const text = withTime ? formatDateTimeText(String(value), { locale }) : formatDateText(String(value), { locale });
  return text === '' ? String(value) : text;
}

export const formatNumber = (value: unknown, locale: string): string => formatNumberText(value, { locale });

export const formatMoney = (value: unknown, currency: string | undefined, locale: string): string =>
  formatMoneyText(value, currency && /^[A-Z]{3}$/.test(currency) ? currency : undefined, { locale });

export interface HistoryEntry {
  Timestamp?: string;
  Status?: string;
  Message?: string;
  HttpStatus?: number;
}

export const historyEntries = (value: unknown): HistoryEntry[] =>
  Array.isArray(value) ? value.filter((entry): entry is HistoryEntry => typeof entry === 'object' && entry !== null) : [];

/**
 * One item of a list value (a text column holding an array): a word by its value label; an object by its
 * texts followed by the initials of its true flags ({ ObjectType: 'USERS', Read: true, Create: true } → USERS RC).
 */
function listItemText(item: unknown, format: ValueFormat): string {
  if (typeof item !== 'object' || item === null) return format.valueLabel ? format.valueLabel(String(item)) : String(item);
  const entries = Object.entries(item as Row);
  const texts = entries.filter(([, value]) => typeof value === 'string' || typeof value === 'number').map(([, value]) => String(value));
  const flags = entries.filter(([, value]) => value === true).map(([key]) => key[0]).join('');
  return [...texts, flags].filter(Boolean).join(' ');
}

/** The text of a row's value in `field`, formatted for the locale. */
export function formatValue(format: ValueFormat, row: Row, field: string, locale: string, translate: Translate): string {
  const value = row[field];
  switch (format.type) {
    case 'number':
      return formatNumber(value, locale);
    case 'percent':
      return formatPercent(value, { locale });
    case 'money':
      return formatMoney(value, format.currency ?? (format.currencyField ? String(row[format.currencyField] ?? '') : undefined), locale);
    case 'date':
      return formatDate(value, locale, false);
    case 'dateTime':
      return formatDate(value, locale, true);
    case 'boolean':
      return value === null || value === undefined ? '' : translate(value ? 'grids.yes' : 'grids.no');
    case 'status':
      return value === null || value === undefined ? '' : (format.status?.label(String(value)) ?? String(value));
    case 'history':
      return historyEntries(value)
        .map((entry) => [formatDate(entry.Timestamp, locale, true), entry.Status, entry.HttpStatus, entry.Message].filter((part) => part !== undefined && part !== '').join(' · '))
        .join('\n');
    default:
      if (value === null || value === undefined) return '';
      if (Array.isArray(value)) return value.map((item) => listItemText(item, format)).join(', ');
      return format.valueLabel ? format.valueLabel(String(value)) : String(value);
  }
}

/** The path a link cell opens (app routes), or undefined without an id. */
export function linkTarget(format: ValueFormat, row: Row): string | undefined {
  if (!format.link) return undefined;
  const id = row[format.link.idField];
  if (id === null || id === undefined || id === '') return undefined;
  return format.link.to === 'account' ? `/account/${encodeURIComponent(String(id))}` : `/service/${encodeURIComponent(String(id))}`;
}

export interface TextPart {
  text: string;
  to?: string;
}

/** A text cut into plain parts and links: each {Text, To} of `links` links its first occurrence (app routes only). */
export function linkedParts(text: string, links: unknown): TextPart[] {
  let parts: TextPart[] = [{ text }];
  for (const link of Array.isArray(links) ? links : []) {
    const { Text, To } = (link ?? {}) as { Text?: unknown; To?: unknown };
    if (typeof Text !== 'string' || !Text || typeof To !== 'string' || !To.startsWith('/')) continue;
    const index = parts.findIndex((part) => part.to === undefined && part.text.includes(Text));
    if (index < 0) continue;
    const part = parts[index].text;
    const at = part.indexOf(Text);
    const pieces: TextPart[] = [{ text: part.slice(0, at) }, { text: Text, to: To }, { text: part.slice(at + Text.length) }].filter((piece) => piece.text !== '');
    parts = [...parts.slice(0, index), ...pieces, ...parts.slice(index + 1)];
  }
  return parts;
}
