/** Server and client apply the same rules: each case through both, compared. */
import { describe, expect, it } from 'vitest';
import type { LayoutFieldType } from '../../contract/services/account-schemas';
import { fieldKindOf } from '../../engine/forms/field-kinds';
import { validateValue, wholeValuePattern } from '../../engine/forms/validation';
import { toFormValue } from '../../engine/forms/values';
import { validateSavedValue, type ValueRules } from './validate-value';

const cases: [LayoutFieldType, ValueRules, unknown, boolean][] = [
  ['String', {}, '', true],
  ['String', {}, '  ', false],
  ['String', { MaxLength: 3 }, 'abcd', false],
  ['String', { MinLength: 3 }, 'ab', false],
  ['String', { Length: 2 }, 'ab', false],
  ['String', { Length: 2 }, 'abc', false],
  ['String', { UppercaseOnly: true }, 'ABc', false],
  ['String', { ExcludedCharacters: '@#' }, 'a#b', false],
  ['String', { Pattern: '[A-Z]{2}\\d+' }, 'DE123', false],
  ['String', { Pattern: '[A-Z]{2}\\d+' }, 'xDE123', false],
  ['Email', {}, 'someone@example.com', true],
  ['Email', {}, 'someone@', true],
  ['Integer', { Minimum: 1, Maximum: 10 }, 0, false],
  ['Integer', { Minimum: 1, Maximum: 10 }, 11, false],
  ['Integer', {}, 2.5, false],
  ['Number', {}, 2.5, false],
  ['Date', {}, '2026-01-31', false],
  ['Date', {}, '2026-02-31', false],
  ['Date', { Minimum: 0 }, '2020-01-01', false],
  ['Date', { Minimum: 0 }, '2999-01-01', false],
  ['Date', { Minimum: 3 }, '2020-01-01', false],
  ['Date', { Maximum: 30 }, '2999-01-01', false],
  ['Boolean', {}, false, true],
  ['Boolean', {}, true, true],
  ['Enum', {}, null, true],
  ['Enum', {}, 'S', true],
  ['MultiEnum', {}, [], true],
  ['MultiEnum', { MinItems: 2 }, ['a'], false],
];

describe('server value rules agree with the client engine', () => {
  it.each(cases.map((item) => [JSON.stringify(item), item] as const))('%s', (_name, [type, rules, value, required]) => {
    const kind = fieldKindOf({ Type: type });
    const client = validateValue(
      kind,
      {
        minLength: rules.MinLength,
        maxLength: rules.MaxLength,
        length: rules.Length,
        minimum: rules.Minimum,
        maximum: rules.Maximum,
        pattern: rules.Pattern ? wholeValuePattern(rules.Pattern) : undefined,
        uppercaseOnly: rules.UppercaseOnly,
        excludedCharacters: rules.ExcludedCharacters,
        minItems: rules.MinItems,
      },
      toFormValue(kind, value),
      required,
    );
    expect(validateSavedValue(type, rules, value, required)).toEqual(client);
  });

  it('refuses values of the wrong JSON type, which a form never sends', () => {
    expect(validateSavedValue('Integer', {}, '12', false)).toEqual({ key: 'forms.validation.integersOnly' });
    expect(validateSavedValue('String', {}, 12, false)).toEqual({ key: 'forms.validation.invalidFormat' });
    expect(validateSavedValue('Boolean', {}, 'yes', false)).toEqual({ key: 'forms.validation.invalidFormat' });
    expect(validateSavedValue('MultiEnum', {}, 'a', false)).toEqual({ key: 'forms.validation.invalidFormat' });
  });
});
