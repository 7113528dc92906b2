/** The server's conditions and the client engine's must agree on every case. */
import { describe, expect, it } from 'vitest';
import type { FieldCondition } from '../../src/contract/services/account-schemas';
import * as client from '../../engine/shared/conditions';
import * as server from './conditions';

const values: Record<string, unknown> = { Country: 'Germany', Seats: '3', Count: 3, Tags: ['a', 'b'], Blank: ' ', Flag: false, Nothing: null };
const lookup = (name: string) => values[name];

const cases: FieldCondition[] = [
  { Field: 'Country', Equals: 'Germany' },
  { Field: 'Country', Equals: 'germany' },
  { Field: 'Country', NotEquals: 'France' },
  { Field: 'Seats', Equals: 3 },
  { Field: 'Count', Equals: '3' },
  { Field: 'Count', In: [1, 2, 3] },
  { Field: 'Tags', Equals: 'b' },
  { Field: 'Tags', In: ['x'] },
  { Field: 'Tags', NotEquals: 'a' },
  { Field: 'Blank', IsEmpty: true },
  { Field: 'Nothing', IsEmpty: false },
  { Field: 'Flag', Equals: false },
  { Field: 'Flag', Equals: null },
  { Field: 'Missing', NotEquals: 'x' },
  { AllOf: [{ Field: 'Country', Equals: 'Germany' }, { Field: 'Flag', Equals: false }] },
  { AllOf: [{ Field: 'Country', Equals: 'Germany' }, { Field: 'Flag', Equals: true }] },
  { AnyOf: [{ Field: 'Country', Equals: 'France' }, { Field: 'Blank', IsEmpty: true }] },
  { AnyOf: [{ Field: 'Country', Equals: 'France' }] },
  { Not: { Field: 'Tags', IsEmpty: true } },
];

describe('field conditions: server and client agree', () => {
  it.each(cases.map((condition) => [JSON.stringify(condition), condition] as const))('%s', (_name, condition) => {
    expect(server.evaluateCondition(condition, lookup)).toBe(client.evaluateCondition(condition, lookup));
  });

  it('has cases with both outcomes', () => {
    const outcomes = new Set(cases.map((condition) => server.evaluateCondition(condition, lookup)));
    expect(outcomes).toEqual(new Set([true, false]));
  });

  it('agrees on empty values', () => {
    for (const value of [null, undefined, '', '  ', [], 0, false, 'x', ['x']]) expect(server.isEmptyValue(value)).toBe(client.isEmptyValue(value));
  });
});
