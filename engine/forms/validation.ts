/**
 * The generic validation texts of spec §5 as translation keys (forms.validation.*):
 * required, valid email, numbers only, integers only, uppercase only, max/min/exact
 * length, excluded character, at least one value, invalid format; plus the number
 * bounds a layout may set, and a date's bounds in days from today. The server checks the same rules (server/forms/).
 */
import { dayBoundProblem } from '../../contract/date-bounds';
import { linearPattern, PATTERN_VALUE_MAX_LENGTH, type LinearPattern } from '../../contract/linear-pattern';
import { isEmptyValue } from '../shared/conditions';
import type { FieldKind } from './field-kinds';
import { parseNumber, type FormValue } from './values';

export interface ValidationMessage {
  /** Translation key, e.g. forms.validation.maxLength. */
  key: string;
  values?: Record<string, string | number>;
}

export interface FieldRules {
  minLength?: number;
  maxLength?: number;
  length?: number;
  minimum?: number;
  maximum?: number;
  /** Must match the whole value (RE2, linear time: contract/linear-pattern.ts). */
  pattern?: LinearPattern;
  uppercaseOnly?: boolean;
  excludedCharacters?: string;
  minItems?: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const message = (name: string, values?: Record<string, string | number>): ValidationMessage => ({
  key: `forms.validation.${name}`,
  ...(values ? { values } : {}),
});

/** A layout pattern applies to the whole value; it runs on RE2 as on the server. */
export const wholeValuePattern = (pattern: string) => linearPattern(pattern);

function isValidDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function textRules(text: string, rules: FieldRules): ValidationMessage | null {
  const length = [...text].length;
  if (rules.length !== undefined && length !== rules.length) return message('exactLength', { length: rules.length });
  if (rules.minLength !== undefined && length < rules.minLength) return message('minLength', { min: rules.minLength });
  if (rules.maxLength !== undefined && length > rules.maxLength) return message('maxLength', { max: rules.maxLength });
  if (rules.uppercaseOnly && text !== text.toUpperCase()) return message('uppercaseOnly');
  const excluded = rules.excludedCharacters ? [...rules.excludedCharacters].find((character) => text.includes(character)) : undefined;
  if (excluded !== undefined) return message('excludedCharacter', { character: excluded });
  const verdict = rules.pattern?.verdict(text);
  if (verdict === 'tooLong') return message('patternValueTooLong', { max: PATTERN_VALUE_MAX_LENGTH });
  if (verdict === 'noMatch') return message('invalidFormat');
  return null;
}

function numberRules(kind: FieldKind, text: string, rules: FieldRules): ValidationMessage | null {
  const number = parseNumber(text);
  if (number === undefined) return message(kind === 'integer' ? 'integersOnly' : 'numbersOnly');
  if (kind === 'integer' && !Number.isInteger(number)) return message('integersOnly');
  if (rules.minimum !== undefined && number < rules.minimum) return message('minimum', { min: rules.minimum });
  if (rules.maximum !== undefined && number > rules.maximum) return message('maximum', { max: rules.maximum });
  return null;
}

/** The first rule the value breaks, or null. Empty values only break `required`. */
export function validateValue(kind: FieldKind, rules: FieldRules, value: FormValue, required: boolean): ValidationMessage | null {
  if (kind === 'multienum') {
    const count = Array.isArray(value) ? value.length : 0;
    if ((required && count === 0) || (count > 0 && rules.minItems !== undefined && count < rules.minItems)) return message('atLeastOne');
    return null;
  }
  if (kind === 'boolean') return required && value !== true ? message('required') : null;
  if (isEmptyValue(value)) return required ? message('required') : null;
  if (kind === 'enum') return null;
  const text = String(value).trim();
  switch (kind) {
    case 'number':
    case 'integer':
      return numberRules(kind, text, rules);
    case 'date': {
      if (!isValidDate(text)) return message('invalidFormat');
      // A Date field's Minimum/Maximum are days from today (date-bounds.ts).
      const bound = dayBoundProblem(text, rules);
      return bound ? message(bound.name, bound.values) : null;
    }
    case 'email':
      return EMAIL.test(text) ? textRules(text, rules) : message('email');
    default:
      return textRules(text, rules);
  }
}
