/**
 * Conditions of layout fields (VisibleWhen, ReadOnlyWhen, RequiredWhen): a test on
 * another field's value, or AllOf / AnyOf / Not of tests. One module for the client's
 * forms and the server's checks of saved values (server/forms imports this pure file).
 */
import type { FieldCondition, FieldTest } from '../../contract/services/account-schemas';

export type { FieldCondition, FieldTest };

/** Reads the current value of a field by name. */
export type ValueLookup = (fieldName: string) => unknown;

/** Empty: absent, null, a blank string or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Equal, treating a number and its text as the same ("3" = 3): form inputs hold text. */
function sameScalar(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  return typeof a !== typeof b && String(a) === String(b);
}

/** A list value (MultiEnum) matches when any of its items does. */
function matches(value: unknown, expected: unknown): boolean {
  return Array.isArray(value) ? value.some((item) => sameScalar(item, expected)) : sameScalar(value, expected);
}

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

/** The tests a condition is made of (one for a plain test). */
export function conditionTests(condition: FieldCondition): FieldTest[] {
  if ('AllOf' in condition) return condition.AllOf;
  if ('AnyOf' in condition) return condition.AnyOf;
  if ('Not' in condition) return [condition.Not];
  return [condition];
}

/** The fields a condition reads: a change to one of them may change the outcome. */
export function conditionFields(condition: FieldCondition | undefined): string[] {
  return condition ? conditionTests(condition).map((test) => test.Field) : [];
}
