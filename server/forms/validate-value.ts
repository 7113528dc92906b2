/**
 * The server's check of one saved value against its field's rules: the generic
 * texts of spec §5 as server text keys (forms.validation.*). Mirrors the
 * client's engine/forms/validation.ts on saved (typed) values; the parity test
 * in validate-value.test.ts feeds both the same cases.
 */
import { dayBoundProblem } from '../../contract/date-bounds';
import { linearPattern, PATTERN_VALUE_MAX_LENGTH } from '../../contract/linear-pattern-eager';
import type { LayoutFieldType } from '../../contract/services/account-schemas';
import { isEmptyValue } from '../../engine/shared/conditions';

export interface ValueProblem {
  key: string;
  values?: Record<string, string | number>;
}

export interface ValueRules {
  MinLength?: number;
  MaxLength?: number;
  Length?: number;
  Minimum?: number;
  Maximum?: number;
  Pattern?: string;
  UppercaseOnly?: boolean;
  ExcludedCharacters?: string;
  MinItems?: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const problem = (name: string, values?: Record<string, string | number>): ValueProblem => ({ key: `forms.validation.${name}`, ...(values ? { values } : {}) });

function isValidDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function textRules(text: string, rules: ValueRules): ValueProblem | null {
  const length = [...text].length;
  if (rules.Length !== undefined && length !== rules.Length) return problem('exactLength', { length: rules.Length });
  if (rules.MinLength !== undefined && length < rules.MinLength) return problem('minLength', { min: rules.MinLength });
  if (rules.MaxLength !== undefined && length > rules.MaxLength) return problem('maxLength', { max: rules.MaxLength });
  if (rules.UppercaseOnly && text !== text.toUpperCase()) return problem('uppercaseOnly');
  const excluded = rules.ExcludedCharacters ? [...rules.ExcludedCharacters].find((character) => text.includes(character)) : undefined;
  if (excluded !== undefined) return problem('excludedCharacter', { character: excluded });
  if (rules.Pattern) {
    // Linear time (RE2), and never over a longer value than the cap (contract/linear-pattern.ts).
    const verdict = linearPattern(rules.Pattern).verdict(text);
    if (verdict === 'tooLong') return problem('patternValueTooLong', { max: PATTERN_VALUE_MAX_LENGTH });
    if (verdict === 'noMatch') return problem('invalidFormat');
  }
  return null;
}

/** The first rule a saved value breaks, or null. `null`/blank only breaks required. */
export function validateSavedValue(type: LayoutFieldType, rules: ValueRules, value: unknown, required: boolean): ValueProblem | null {
  if (type === 'MultiEnum') {
    if (value !== null && value !== undefined && !Array.isArray(value)) return problem('invalidFormat');
    const count = Array.isArray(value) ? value.length : 0;
    if ((required && count === 0) || (count > 0 && rules.MinItems !== undefined && count < rules.MinItems)) return problem('atLeastOne');
    return null;
  }
  if (type === 'Boolean') {
    if (value !== null && value !== undefined && typeof value !== 'boolean') return problem('invalidFormat');
    return required && value !== true ? problem('required') : null;
  }
  if (isEmptyValue(value)) return required ? problem('required') : null;
  switch (type) {
    case 'Number':
    case 'Integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return problem(type === 'Integer' ? 'integersOnly' : 'numbersOnly');
      if (type === 'Integer' && !Number.isInteger(value)) return problem('integersOnly');
      if (rules.Minimum !== undefined && value < rules.Minimum) return problem('minimum', { min: rules.Minimum });
      if (rules.Maximum !== undefined && value > rules.Maximum) return problem('maximum', { max: rules.Maximum });
      return null;
    }
    case 'Enum':
      return typeof value === 'object' ? problem('invalidFormat') : null;
    case 'Date': {
      if (typeof value !== 'string' || !isValidDate(value)) return problem('invalidFormat');
      // Minimum/Maximum of a Date field are days from today (date-bounds.ts), as the client checks them.
      const bound = dayBoundProblem(value, { minimum: rules.Minimum, maximum: rules.Maximum });
      return bound ? problem(bound.name, bound.values) : null;
    }
    case 'Email':
      if (typeof value !== 'string') return problem('invalidFormat');
      return EMAIL.test(value.trim()) ? textRules(value.trim(), rules) : problem('email');
    default:
      return typeof value === 'string' ? textRules(value.trim(), rules) : problem('invalidFormat');
  }
}
