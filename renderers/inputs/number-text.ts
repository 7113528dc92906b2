/**
 * The text a number input shows (issue 24, issue 36 item 6): a value from outside in the page's language
 * ("25,08" on a German page where the value is 25.08), what a person types kept as typed while it means
 * the same number ("12," on the way to "12,5" is not turned into "12"). Shared by the number input and
 * the forms' number field; the grids' cell editor starts from numberForInput too (editable-cells.ts).
 */
import { useEffect, useState } from 'react';
import { numberForInput, parseNumber } from '../../contract/formatting';

/** A stored number as a form keeps it ("25.08", from String(number)): read as that number, not as typed text. */
const CANONICAL = /^-?\d+(\.\d+)?$/;
const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' ? value : typeof value === 'string' && CANONICAL.test(value) ? Number(value) : undefined;

/** The text a value shows in a number input before anything is typed. */
export const numberText = (value: unknown, locale: string): string => numberForInput(numberOf(value) ?? value, { locale });

export function useNumberText(value: unknown, locale: string): [string, (typed: string) => void] {
  const [text, setText] = useState(() => numberText(value, locale));
  useEffect(() => {
    const number = numberOf(value);
    setText((typed) => (number !== undefined && parseNumber(typed, locale) === number ? typed : numberForInput(number ?? value, { locale })));
  }, [value, locale]);
  return [text, setText];
}
