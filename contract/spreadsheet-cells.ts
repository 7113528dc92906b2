/**
 * CSV and Excel exports, server's and client's alike (OWASP "CSV injection"): a text cell that
 * starts with = + - @, a tab or a carriage return is one a spreadsheet may run as a formula, so it
 * gets a leading apostrophe. A negative number ("-12.50", "-1 234,5 €") stays as it is: digits,
 * separators and currency signs cannot form a formula, and it must still read as a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER_TEXT = /^-[\d.,' \u00a0\u202f\p{Sc}%]*\d[\d.,' \u00a0\u202f\p{Sc}%]*$/u;

export function defuseCell(text: string): string {
  return FORMULA_START.test(text) && !NUMBER_TEXT.test(text) ? `'${text}` : text;
}

/** The text of a cell this portal defused, as it was (for workbooks that come back as uploads). */
export function restoreDefusedCell(text: string): string {
  return text.startsWith("'") && defuseCell(text.slice(1)) === text ? text.slice(1) : text;
}
