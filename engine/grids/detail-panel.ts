/**
 * The detail panel's parts beyond its fields (screen-definitions/README.md, "Detail panel"): texts with
 * the row's values in them (its title, a field's lines), fields left out when empty, download and upload
 * buttons, and the files a row lists. Pure: the renderer (renderers/grids/DetailPanel) draws and calls.
 */
import type { Capability } from '../../contract/capabilities';
import { meetsAccess } from './access';
import { setPath } from './bindings';
import type { ScreenContext } from './bindings';
import type { DetailButtonDefinition, DetailFieldDefinition, DetailPanelDefinition, DetailTextDefinition, DetailTextValueDefinition } from './definition-schema';
import { formatDate, formatNumber } from './format-value';
import { valueAt } from './record-page';
import { kindLabel, resolveText, type Translate } from './texts';

type Row = Record<string, unknown>;

const isEmpty = (value: unknown) => value === null || value === undefined || value === '';

/** One named value as the text shows it; a dash when the row has none. */
export function detailValueText(value: DetailTextValueDefinition, row: Row, locale: string, translate: Translate): string {
  const raw = valueAt(row, value.field);
  if (isEmpty(raw)) return '–';
  if (value.valueKind) return kindLabel(value.valueKind, String(raw), translate);
  switch (value.type) {
    case 'number':
      return formatNumber(raw, locale);
    case 'date':
      return formatDate(raw, locale, false);
    case 'dateTime':
      return formatDate(raw, locale, true);
    default:
      return String(raw);
  }
}

/** The values of a text's placeholders, each written as its definition says. */
export const detailTextValues = (values: Readonly<Record<string, DetailTextValueDefinition>>, row: Row, locale: string, translate: Translate): Record<string, string> =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, detailValueText(value, row, locale, translate)]));

/** A text of the panel with the row's values in it. */
export const detailText = (text: DetailTextDefinition, row: Row, locale: string, translate: Translate): string =>
  resolveText(text.text, translate, locale, detailTextValues(text.values, row, locale, translate));

/** The fields the panel shows for this row (hideWhenEmpty leaves out the empty ones). */
export const shownDetailFields = <T extends Pick<DetailFieldDefinition, 'field' | 'hideWhenEmpty'>>(fields: readonly T[], row: Row): T[] =>
  fields.filter((field) => !field.hideWhenEmpty || !isEmpty(row[field.field]));

/** The buttons this user sees on this row: their access, then the rows they are offered on. */
export const detailButtonsFor = (buttons: readonly DetailButtonDefinition[] | undefined, capabilities: readonly Capability[], row: Row): DetailButtonDefinition[] =>
  (buttons ?? []).filter((button) => meetsAccess(capabilities, button.requires) && (!button.shownWhen || button.shownWhen.in.includes(row[button.shownWhen.field] as string | number | boolean)));

/** A call's body: each parameter from a field of the row (and of one of its files), then the extra values (the uploaded file). */
export function detailCallBody(fields: Readonly<Record<string, string>>, row: Row, extra: Readonly<Record<string, unknown>> = {}, file?: { fields: Readonly<Record<string, string>>; row: Row }): Row {
  const body: Row = {};
  for (const [param, field] of Object.entries(fields)) setPath(body, param, row[field]);
  if (file) for (const [param, field] of Object.entries(file.fields)) setPath(body, param, file.row[field]);
  for (const [param, value] of Object.entries(extra)) setPath(body, param, value);
  return body;
}

/** Is a picked file of a type the upload accepts (by its extension)? */
export function uploadAccepts(extensions: readonly string[], fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && extensions.includes(fileName.slice(dot + 1).toLowerCase());
}

/** The `accept` attribute of the file input: .doc,.pdf … */
export const uploadAcceptAttribute = (extensions: readonly string[]): string => extensions.map((extension) => `.${extension}`).join(',');

/** The files a row lists (objects of its array field); nothing when the field is not a list. */
export const detailFiles = (row: Row, field: string): Row[] => {
  const files = row[field];
  return Array.isArray(files) ? files.filter((file): file is Row => typeof file === 'object' && file !== null) : [];
};

/** A file's size as the list shows it: whole kilobytes, at least 1. */
export const fileSizeText = (bytes: unknown, locale: string): string => `${formatNumber(Math.max(1, Math.round(Number(bytes) / 1024)), locale)} KB`;

/** Can one file be downloaded: every field its call needs is set. */
export const fileDownloadable = (fileFields: Readonly<Record<string, string>>, file: Row): boolean => Object.values(fileFields).every((field) => !isEmpty(file[field]));

/** A progress field's share in whole percent (0 while the whole is unknown or nothing). */
export function progressPercent(row: Row, field: string, totalField: string | undefined): number {
  const part = Number(row[field]);
  const total = totalField ? Number(row[totalField]) : NaN;
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((part / total) * 100)));
}

/** Does the panel read this row again (follow: the row still moves on by itself)? */
export const followsRow = (follow: DetailPanelDefinition['follow'], row: Row | undefined): boolean =>
  follow !== undefined && row !== undefined && follow.while.in.includes(row[follow.while.field] as string | number | boolean);

/** The context of the panel's grid: the row's fields under the names the definition gives them. */
export function detailGridContext(grid: NonNullable<DetailPanelDefinition['grid']>, row: Row): ScreenContext {
  const context: Record<string, string | number> = {};
  for (const [name, field] of Object.entries(grid.context)) {
    const value = row[field];
    if (typeof value === 'string' || typeof value === 'number') context[name] = value;
  }
  return context;
}
