/** Field conditions as both the client's forms and the server's checks of saved values evaluate them. */
import { describe, expect, it } from 'vitest';
import type { FieldCondition } from '../../contract/services/account-schemas';
import { conditionFields, conditionTests, evaluateCondition, isEmptyValue } from './conditions';

const values: Record<string, unknown> = { Country: 'Germany', Seats: '3', Count: 3, Tags: ['a', 'b'], Blank: ' ', Flag: false, Nothing: null };
const lookup = (name: string) => values[name];

const cases: [FieldCondition, boolean][] = [
  [{ Field: 'Country', Equals: 'Germany' }, true],
  [{ Field: 'Country', Equals: 'germany' }, false],
  [{ Field: 'Country', NotEquals: 'France' }, true],
  [{ Field: 'Seats', Equals: 3 }, true],
  [{ Field: 'Count', Equals: '3' }, true],
  [{ Field: 'Count', In: [1, 2, 3] }, true],
  [{ Field: 'Tags', Equals: 'b' }, true],
  [{ Field: 'Tags', In: ['x'] }, false],
  [{ Field: 'Tags', NotEquals: 'a' }, false],
  [{ Field: 'Blank', IsEmpty: true }, true],
  [{ Field: 'Nothing', IsEmpty: false }, false],
  [{ Field: 'Flag', Equals: false }, true],
  [{ Field: 'Flag', Equals: null }, false],
  [{ Field: 'Missing', NotEquals: 'x' }, true],
  [{ AllOf: [{ Field: 'Country', Equals: 'Germany' }, { Field: 'Flag', Equals: false }] }, true],
  [{ AllOf: [{ Field: 'Country', Equals: 'Germany' }, { Field: 'Flag', Equals: true }] }, false],
  [{ AnyOf: [{ Field: 'Country', Equals: 'France' }, { Field: 'Blank', IsEmpty: true }] }, true],
  [{ AnyOf: [{ Field: 'Country', Equals: 'France' }] }, false],
  [{ Not: { Field: 'Tags', IsEmpty: true } }, true],
];

describe('field conditions', () => {
  it.each(cases.map(([condition, outcome]) => [JSON.stringify(condition), condition, outcome] as const))('%s', (_name, condition, outcome) => {
    expect(evaluateCondition(condition, lookup)).toBe(outcome);
  });

  it('tells empty values: absent, null, blank text, an empty list', () => {
    expect([null, undefined, '', '  ', [], 0, false, 'x', ['x']].map(isEmptyValue)).toEqual([true, true, true, true, true, false, false, false, false]);
  });

  it('names the tests and the fields a condition reads', () => {
    expect(conditionTests({ Not: { Field: 'Tags', IsEmpty: true } })).toEqual([{ Field: 'Tags', IsEmpty: true }]);
    expect(conditionFields({ AnyOf: [{ Field: 'Country', Equals: 'France' }, { Field: 'Blank', IsEmpty: true }] })).toEqual(['Country', 'Blank']);
    expect(conditionFields(undefined)).toEqual([]);
  });
});
