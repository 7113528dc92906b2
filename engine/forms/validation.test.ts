import { beforeAll, describe, expect, it } from 'vitest';
import { loadPatternEngine } from '../../contract/linear-pattern';
import { validateValue, wholeValuePattern, type FieldRules } from './validation';

const key = (kind: Parameters<typeof validateValue>[0], value: Parameters<typeof validateValue>[2], rules: FieldRules = {}, required = false) =>
  validateValue(kind, rules, value, required);

// A drawn form loads RE2 before its first check (renderers/forms/use-pattern-engine.ts).
beforeAll(() => loadPatternEngine());

describe('validation texts of spec §5', () => {
  it('required: empty values only break required', () => {
    expect(key('text', '  ', {}, true)).toEqual({ key: 'forms.validation.required' });
    expect(key('text', '', { minLength: 3 })).toBeNull();
    expect(key('enum', null, {}, true)).toEqual({ key: 'forms.validation.required' });
    expect(key('boolean', false, {}, true)).toEqual({ key: 'forms.validation.required' });
    expect(key('boolean', true, {}, true)).toBeNull();
  });

  it('valid email', () => {
    expect(key('email', 'no-at-sign')).toEqual({ key: 'forms.validation.email' });
    expect(key('email', 'a@b.example')).toBeNull();
  });

  it('numbers only, integers only, and bounds', () => {
    expect(key('number', '12a')).toEqual({ key: 'forms.validation.numbersOnly' });
    expect(key('number', '12,5')).toBeNull();
    expect(key('integer', '1.5')).toEqual({ key: 'forms.validation.integersOnly' });
    expect(key('integer', '0', { minimum: 1 })).toEqual({ key: 'forms.validation.minimum', values: { min: 1 } });
    expect(key('integer', '501', { maximum: 500 })).toEqual({ key: 'forms.validation.maximum', values: { max: 500 } });
  });

  it('uppercase only, exact, min and max length, excluded character, invalid format', () => {
    expect(key('text', 'AbC', { uppercaseOnly: true })).toEqual({ key: 'forms.validation.uppercaseOnly' });
    expect(key('text', 'ABC', { length: 4 })).toEqual({ key: 'forms.validation.exactLength', values: { length: 4 } });
    expect(key('text', 'ab', { minLength: 3 })).toEqual({ key: 'forms.validation.minLength', values: { min: 3 } });
    expect(key('text', 'abcdef', { maxLength: 5 })).toEqual({ key: 'forms.validation.maxLength', values: { max: 5 } });
    expect(key('text', 'a b', { excludedCharacters: ' /' })).toEqual({ key: 'forms.validation.excludedCharacter', values: { character: ' ' } });
    expect(key('text', 'abc!', { pattern: wholeValuePattern('[a-z]+') })).toEqual({ key: 'forms.validation.invalidFormat' });
    expect(key('text', 'xabcx', { pattern: wholeValuePattern('abc') })).toEqual({ key: 'forms.validation.invalidFormat' });
    expect(key('date', '2026-02-30')).toEqual({ key: 'forms.validation.invalidFormat' });
    expect(key('date', '2026-02-28')).toBeNull();
  });

  it('counts characters, not UTF-16 units', () => {
    expect(key('text', 'Ünï😀', { length: 4 })).toBeNull();
  });

  it('at least one value', () => {
    expect(key('multienum', [], {}, true)).toEqual({ key: 'forms.validation.atLeastOne' });
    expect(key('multienum', ['a'], { minItems: 2 })).toEqual({ key: 'forms.validation.atLeastOne' });
    expect(key('multienum', [], { minItems: 2 })).toBeNull();
  });
});
