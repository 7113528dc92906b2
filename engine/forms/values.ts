/**
 * Form values and what is saved. Inputs hold text while the user types (a
 * number field may briefly read "1."), so each kind has a form value and a
 * saved value; dirty tracking compares saved values.
 */
import { parseNumber as parseTypedNumber } from '../../contract/formatting';
import { isNumeric, type FieldKind } from './field-kinds';

export type ScalarValue = string | number | boolean;
export type FormValue = ScalarValue | null | ScalarValue[];
export type SavedValue = ScalarValue | null | ScalarValue[];

/** The value an input shows for a stored value. */
export function toFormValue(kind: FieldKind, raw: unknown): FormValue {
  switch (kind) {
    case 'boolean':
      return raw === true || raw === 'true';
    case 'enum':
      return raw === undefined || raw === '' ? null : (raw as ScalarValue | null);
    case 'multienum':
      if (Array.isArray(raw)) return raw as ScalarValue[];
      return raw === undefined || raw === null || raw === '' ? [] : [raw as ScalarValue];
    case 'date':
      return typeof raw === 'string' ? raw.slice(0, 10) : '';
    default:
      return raw === undefined || raw === null ? '' : String(raw);
  }
}

/** The number a numeric input's text means, or undefined when it is not one. */
export function parseNumber(text: string, locale?: string): number | undefined {
  return parseTypedNumber(text, locale);
}

/** What is sent to the server for a form value. */
export function toSavedValue(kind: FieldKind, value: FormValue): SavedValue {
  if (kind === 'boolean') return value === true;
  if (kind === 'multienum') return Array.isArray(value) ? value : [];
  if (kind === 'enum') return value === '' ? null : (value as ScalarValue | null);
  const text = typeof value === 'string' ? value.trim() : value === null ? '' : String(value);
  if (text === '') return null;
  if (isNumeric(kind)) return parseNumber(text) ?? text;
  return text;
}

export function sameSavedValue(a: SavedValue, b: SavedValue): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    const sorted = (list: ScalarValue[]) => list.map(String).sort();
    const [left, right] = [sorted(a), sorted(b)];
    return left.every((item, index) => item === right[index]);
  }
  return a === b;
}
