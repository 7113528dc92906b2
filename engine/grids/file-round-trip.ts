/**
 * A record page's file round trip (`fileRoundTrip` blocks) and a row opening a record page in a
 * dialog (`rowDialog`): the first choice, the calls' context, the file's name, the preview read
 * from the upload's answer and the changed rows the save sends. Pure: no React.
 */
import type { FileRoundTripDefinition, RowDialogDefinition } from './definition-schema';
import type { ScreenContext } from './bindings';
import { valueAt } from './record-page';

type Values = Record<string, unknown>;

/** The value chosen first: the page's language when the block prefers it and offers it, else its default. */
export function firstChoice(block: FileRoundTripDefinition, language: string): string {
  const offered = (value: string) => block.choice.options.some((option) => option.value === value);
  return block.choice.preferLocale && offered(language) ? language : block.choice.default;
}

/** The context of the block's calls: the page's, with the choice. */
export const roundTripContext = (block: FileRoundTripDefinition, context: ScreenContext, choice: string): ScreenContext => ({ ...context, [block.choice.context]: choice });

/** The download's file name, {name} replaced by context values. */
export const roundTripFileName = (pattern: string, context: ScreenContext) => pattern.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_all, name: string) => String(context[name] ?? ''));

export interface RoundTripPreview {
  rows: Values[];
  count: number;
}

/** What the upload's answer says the file would change. */
export function readPreview(block: FileRoundTripDefinition, answer: unknown): RoundTripPreview {
  const rows = valueAt(answer, block.preview.rowsField);
  const count = valueAt(answer, block.preview.countField);
  const list = Array.isArray(rows) ? rows.filter((row): row is Values => typeof row === 'object' && row !== null) : [];
  return { rows: list, count: typeof count === 'number' ? count : list.filter((row) => row[block.preview.changedField] === true).length };
}

/** Is this previewed row one the file changes? */
export const rowChanged = (block: FileRoundTripDefinition, row: Values) => row[block.preview.changedField] === true;

/** The changed rows as the save sends them (its rowFields). */
export function changedRows(block: FileRoundTripDefinition, preview: RoundTripPreview): Values[] {
  return preview.rows.filter((row) => rowChanged(block, row)).map((row) => Object.fromEntries(Object.entries(block.save.rowFields).map(([sent, field]) => [sent, row[field]])));
}

/** The text of a previewed cell: the value, or the translation key its column names for it. */
export function previewCellKey(column: FileRoundTripDefinition['preview']['columns'][number], value: unknown): string | undefined {
  return column.textKey && value !== undefined && value !== null && value !== '' ? column.textKey.replace('{value}', String(value)) : undefined;
}

/** The dialog's context: the row's fields under the names the rowDialog gives them. */
export function rowDialogContext(dialog: RowDialogDefinition, row: Values): ScreenContext {
  const context: Record<string, string | number> = {};
  for (const [name, field] of Object.entries(dialog.context)) {
    const value = row[field];
    if (typeof value === 'string' || typeof value === 'number') context[name] = value;
  }
  return context;
}
