/**
 * Field conditions (VisibleWhen, ReadOnlyWhen, RequiredWhen) as the server
 * evaluates them when it checks saved values. The same few lines as the
 * client's engine/shared/conditions.ts (the server may not import the engine);
 * conditions.test.ts runs both on the same cases so they cannot drift apart.
 */
import type { FieldCondition, FieldTest } from '../../src/contract/services/account-schemas';

export type ValueLookup = (fieldName: string) => unknown;

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

function sameScalar(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  return typeof a !== typeof b && String(a) === String(b);
}

const matches = (value: unknown, expected: unknown) =>
  Array.isArray(value) ? value.some((item) => sameScalar(item, expected)) : sameScalar(value, expected);

export function evaluateTest(test: FieldTest, lookup: ValueLookup): boolean {
  const value = lookup(test.Field);
  if (test.IsEmpty !== undefined) return isEmptyValue(value) === test.IsEmpty;
  if (test.In !== undefined) return test.In.some((expected) => matches(value, expected));
  if (test.NotEquals !== undefined) return !matches(value, test.NotEquals);
  if (test.Equals !== undefined) return matches(value, test.Equals);
  return false;
}

export function evaluateCondition(condition: FieldCondition, lookup: ValueLookup): boolean {
  if ('AllOf' in condition) return condition.AllOf.every((test) => evaluateTest(test, lookup));
  if ('AnyOf' in condition) return condition.AnyOf.some((test) => evaluateTest(test, lookup));
  if ('Not' in condition) return !evaluateTest(condition.Not, lookup);
  return evaluateTest(condition, lookup);
}

export function conditionTests(condition: FieldCondition): FieldTest[] {
  if ('AllOf' in condition) return condition.AllOf;
  if ('AnyOf' in condition) return condition.AnyOf;
  if ('Not' in condition) return [condition.Not];
  return [condition];
}
