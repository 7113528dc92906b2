/**
 * What a wizard knows beyond its fields (issue 22): the answers of its calls
 * between steps and of its sources, the row chosen in a ChooseRow step and the
 * values entered in an AccountForm step. Parameters, conditions and sentences
 * (a ChooseRow intro, an AccountForm title, the review's lines) read them here.
 */
import type { WizardColumn, WizardLine, WizardParam, WizardShownValue, WizardValue } from '../../contract/services/wizard-schemas';
import { formatDate, formatDateTime, formatMoney, formatNumber, type Formatting } from '../../contract/formatting';
import { evaluateCondition, isEmptyValue } from '../shared/conditions';
import type { SavedValue } from './values';

export type Row = Readonly<Record<string, unknown>>;

export interface WizardScope {
  values: Readonly<Record<string, SavedValue>>;
  context: Readonly<Record<string, unknown>>;
  /** Answers of calls and sources, by their Into. */
  answers: Readonly<Record<string, unknown>>;
  /** The row chosen in each ChooseRow step, by the step's Field. */
  rows: Readonly<Record<string, Row | undefined>>;
  /** The values entered in each AccountForm step (by view), by the step's page. */
  forms: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, unknown>>>>>>;
  /** A field's value as the user reads it (an option's label); the raw value without it. */
  fieldText?(name: string, value: unknown): string;
}

export const emptyScope = (context: Readonly<Record<string, unknown>> = {}): WizardScope => ({ values: {}, context, answers: {}, rows: {}, forms: {} });

/** A dotted path inside a value (Views.Values.Quantity; a number picks a list's item, -1 the last); undefined where a step of it is missing. */
export function readPath(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let current = value;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = Array.isArray(current) && /^-?\d+$/.test(part) ? current.at(Number(part)) : (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A local date and time (yyyy-mm-ddThh:mm, read in the browser's time zone) as an ISO instant; null when it is none. */
export function localDateTimeToInstant(value: SavedValue): string | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** One value: a field's, the screen's context, a fixed one, an answer's or the chosen row's (null when there is none yet). */
export function readValue(source: WizardValue, scope: WizardScope): unknown {
  if ('Context' in source) return scope.context[source.Context] ?? null;
  if ('Value' in source) return source.Value;
  if ('Answer' in source) return readPath(scope.answers[source.Answer], source.Path) ?? null;
  if ('Row' in source) return scope.rows[source.Row]?.[source.Property] ?? null;
  const value = scope.values[source.Field] ?? null;
  return source.As === 'Instant' ? localDateTimeToInstant(value) : value;
}

function setPath(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split('.');
  let current = target;
  for (const part of parts.slice(0, -1)) {
    const next = current[part];
    current = current[part] = next !== null && typeof next === 'object' && !Array.isArray(next) ? { ...(next as Record<string, unknown>) } : {};
  }
  current[parts[parts.length - 1]] = value;
}

/** A parameter: a value, or an object of values over an AccountForm step's entered values. */
export function resolveParam(param: WizardParam, scope: WizardScope): unknown {
  if (!('Object' in param)) return readValue(param, scope);
  const base = param.Values ? scope.forms[param.Values] ?? {} : {};
  const result: Record<string, unknown> = { ...base };
  for (const [path, source] of Object.entries(param.Object)) setPath(result, path, readValue(source, scope));
  return result;
}

/** A call's body from its parameters. */
export const callParams = (params: Readonly<Record<string, WizardParam>>, scope: WizardScope): Record<string, unknown> =>
  Object.fromEntries(Object.entries(params).map(([name, source]) => [name, resolveParam(source, scope)]));

/** What conditions of lines read: `answer.Path` is inside an answer, any other name a field. */
export const scopeLookup = (scope: WizardScope) => (name: string) => {
  const dot = name.indexOf('.');
  if (dot > 0 && name.slice(0, dot) in scope.answers) return readPath(scope.answers[name.slice(0, dot)], name.slice(dot + 1));
  return scope.values[name] ?? null;
};

/** The rows a source offers: its answer's List property, objects only. */
export function offeredRows(answer: unknown, list: string): Row[] {
  const rows = readPath(answer, list);
  return Array.isArray(rows) ? (rows.filter((row) => row !== null && typeof row === 'object') as Row[]) : [];
}

/** The row whose Value property is the field's value (a number and its text are the same). */
export const chosenRow = (rows: readonly Row[], property: string, value: unknown): Row | undefined =>
  isEmptyValue(value) ? undefined : rows.find((row) => String(row[property]) === String(value));

type Shown = Pick<WizardShownValue, 'Format' | 'Present' | 'Absent' | 'Texts'>;

/** A value written as the definition asks: its text by value, money in its currency (signed: + above 0), a presence text, a count, a date, or as it is. */
export function showValue(value: unknown, shown: Shown, currency: unknown, formatting: Formatting): string {
  if (shown.Format === 'Presence') return (isEmptyValue(value) || value === false ? shown.Absent : shown.Present) ?? '';
  if (shown.Format === 'Count') return formatNumber(Array.isArray(value) ? value.length : 0, formatting);
  if (value === null || value === undefined || value === '') return '—';
  const text = shown.Texts?.[String(value)];
  if (text !== undefined) return text;
  if (shown.Format === 'Date' || shown.Format === 'DateTime') return (shown.Format === 'Date' ? formatDate : formatDateTime)(value as string, formatting);
  if (shown.Format === 'Money' || shown.Format === 'SignedMoney') {
    const money = formatMoney(value, typeof currency === 'string' ? currency : null, formatting);
    return shown.Format === 'SignedMoney' && Number(value) > 0 ? `+${money}` : money;
  }
  return String(value);
}

/** A column's cell for a row: Equals compares the property with an answer's value (the scope's), Text writes the value in a sentence. */
export function columnText(column: WizardColumn, row: Row, formatting: Formatting, scope?: WizardScope): string {
  const value = row[column.Property];
  if (column.Equals) return (scope && !isEmptyValue(value) && String(value) === String(readValue(column.Equals, scope)) ? column.Present : column.Absent) ?? '';
  const text = showValue(value, column, column.Currency ? row[column.Currency] : undefined, formatting);
  return column.Text && !isEmptyValue(value) ? fillText(column.Text, { value: text }) : text;
}

/** The route a column's cell opens (its Link, {Property} filled from the row); undefined without one, for an empty cell or while a property it names is empty. */
export function columnLink(column: WizardColumn, row: Row): string | undefined {
  if (!column.Link || isEmptyValue(row[column.Property])) return undefined;
  let complete = true;
  const to = column.Link.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (_whole, name: string) => {
    const value = row[name];
    if (isEmptyValue(value) || (typeof value !== 'string' && typeof value !== 'number')) complete = false;
    return encodeURIComponent(String(value));
  });
  return complete ? to : undefined;
}

/** A text with its {name} placeholders filled; an unknown one stays as it is. */
export const fillText = (template: string, params: Readonly<Record<string, string>>): string =>
  template.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (whole, name: string) => params[name] ?? whole);

/** A line's sentence, or undefined while its When does not hold. */
export function lineText(line: WizardLine, scope: WizardScope, formatting: Formatting): string | undefined {
  if (line.When && !evaluateCondition(line.When, scopeLookup(scope))) return undefined;
  const params = Object.fromEntries(
    Object.entries(line.Params ?? {}).map(([name, shown]) => {
      const value = readValue(shown, scope);
      if (!shown.Format && 'Field' in shown && scope.fieldText) return [name, scope.fieldText(shown.Field, value)];
      return [name, showValue(value, shown, shown.Currency ? readValue(shown.Currency, scope) : undefined, formatting)];
    }),
  );
  return fillText(line.Label, params);
}
