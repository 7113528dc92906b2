import { describe, expect, it } from 'vitest';
import { conditionFields, evaluateCondition, holdsCapability, isEmptyValue, satisfiesCheck } from './index';

const values: Record<string, unknown> = { Country: 'Germany', Seats: '3', Tags: ['a', 'b'], Empty: '  ', Flag: true };
const lookup = (name: string) => values[name];

describe('conditions', () => {
  it('tests one field with each operator', () => {
    expect(evaluateCondition({ Field: 'Country', Equals: 'Germany' }, lookup)).toBe(true);
    expect(evaluateCondition({ Field: 'Country', NotEquals: 'Germany' }, lookup)).toBe(false);
    expect(evaluateCondition({ Field: 'Country', In: ['France', 'Germany'] }, lookup)).toBe(true);
    expect(evaluateCondition({ Field: 'Empty', IsEmpty: true }, lookup)).toBe(true);
    expect(evaluateCondition({ Field: 'Missing', IsEmpty: false }, lookup)).toBe(false);
    expect(evaluateCondition({ Field: 'Flag', Equals: true }, lookup)).toBe(true);
  });

  it('treats a number and its text as equal, and a list as matching any of its items', () => {
    expect(evaluateCondition({ Field: 'Seats', Equals: 3 }, lookup)).toBe(true);
    expect(evaluateCondition({ Field: 'Tags', Equals: 'b' }, lookup)).toBe(true);
    expect(evaluateCondition({ Field: 'Tags', In: ['c'] }, lookup)).toBe(false);
  });

  it('combines tests with AllOf, AnyOf and Not, and names the fields it reads', () => {
    const all = { AllOf: [{ Field: 'Country', Equals: 'Germany' }, { Field: 'Flag', Equals: false }] };
    const any = { AnyOf: [{ Field: 'Country', Equals: 'France' }, { Field: 'Flag', Equals: true }] };
    expect(evaluateCondition(all, lookup)).toBe(false);
    expect(evaluateCondition(any, lookup)).toBe(true);
    expect(evaluateCondition({ Not: { Field: 'Country', Equals: 'France' } }, lookup)).toBe(true);
    expect(conditionFields(all)).toEqual(['Country', 'Flag']);
    expect(conditionFields(undefined)).toEqual([]);
  });

  it('knows empty values', () => {
    expect([null, undefined, '', ' ', []].every(isEmptyValue)).toBe(true);
    expect([0, false, 'x', ['x']].some(isEmptyValue)).toBe(false);
  });
});

describe('capability checks (spec §5: all given properties equal; AND and OR)', () => {
  const capabilities = [
    { ObjectType: 'COMPANY_ACCOUNT', Read: true, Execute: true },
    { ObjectType: 'QUOTATION_TOOL', Read: true, Value: 'HIERARCHY' },
  ];
  it('matches when every given property is equal', () => {
    expect(holdsCapability(capabilities, { ObjectType: 'COMPANY_ACCOUNT', Execute: true })).toBe(true);
    expect(holdsCapability(capabilities, { ObjectType: 'COMPANY_ACCOUNT', Create: true })).toBe(false);
    expect(holdsCapability(capabilities, { ObjectType: 'QUOTATION_TOOL', Read: true, Value: 'HIERARCHY' })).toBe(true);
    expect(holdsCapability(capabilities, { ObjectType: 'QUOTATION_TOOL', Value: 'OWN' })).toBe(false);
  });
  it('combines with AllOf and AnyOf', () => {
    const read = { ObjectType: 'COMPANY_ACCOUNT', Read: true };
    const create = { ObjectType: 'USER_ACCOUNT', Create: true };
    expect(satisfiesCheck(capabilities, { AnyOf: [read, create] })).toBe(true);
    expect(satisfiesCheck(capabilities, { AllOf: [read, create] })).toBe(false);
  });
});
