/**
 * One format for dates and numbers (issue 24): every date, time, number, money,
 * percent or duration a person reads is written by contract/formatting.ts.
 * This scan fails on any other formatting call in src/, engine/, renderers/ and
 * server/, naming the file, the line and what it found.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const SCANNED = ['contract', 'src', 'engine', 'renderers', 'server'];
const THE_MODULE = 'contract/formatting.ts';

/** What formats a date or number for display outside the module. */
const DETECTORS: readonly [name: string, pattern: RegExp][] = [
  ['Intl.DateTimeFormat', /\bIntl\.DateTimeFormat\s*\(/],
  ['Intl.NumberFormat', /\bIntl\.NumberFormat\s*\(/],
  ['Intl.RelativeTimeFormat', /\bIntl\.RelativeTimeFormat\s*\(/],
  ['Intl.DurationFormat', /\bIntl\.DurationFormat\s*\(/],
  ['toLocaleString', /\.toLocaleString\s*\(/],
  ['toLocaleDateString', /\.toLocaleDateString\s*\(/],
  ['toLocaleTimeString', /\.toLocaleTimeString\s*\(/],
  ['toFixed', /\.toFixed\s*\(/],
  ['date library', /from\s+['"](date-fns|dayjs|moment|luxon)(\/[^'"]*)?['"]/],
];

/** Calls that write no text for a person, each with why (file → detector names). */
const NOT_FOR_A_PERSON: Readonly<Record<string, readonly string[]>> = {
  // Operator console logs of the seed CLI, in English like the rest of its output.
  'server/seed/large.ts': ['toLocaleString', 'toFixed'],
  'server/seed/cli.ts': ['toLocaleString', 'toFixed'],
  'server/seed/marketplace-large.ts': ['toLocaleString', 'toFixed'],
  // The Server-Timing header, read by tools.
  'server/services/dashboard/dashboard-handlers.ts': ['toFixed'],
  // Arithmetic: rounds an amount to four decimals before it becomes an integer of ten-thousandths.
  'server/services/quotes/quote-totals.ts': ['toFixed'],
  // The one date input: MUI X's pickers need a date adapter (dayjs) to read a typed date in the language's order;
  // it turns the value into ISO yyyy-mm-dd only, and dates shown as text still come from formatting.ts.
  'renderers/inputs/DatePickerInput.tsx': ['date library'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Each formatting call in a text: "line: detector". Comments do not count. */
function formattingCalls(text: string): { line: number; name: string }[] {
  const found: { line: number; name: string }[] = [];
  text.split('\n').forEach((line, index) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '').replace(/\/\*.*?\*\//g, '');
    for (const [name, pattern] of DETECTORS) if (pattern.test(code)) found.push({ line: index + 1, name });
  });
  return found;
}

const files = SCANNED.flatMap((dir) => sourceFiles(join(root, dir))).map((path) => relative(root, path).split('\\').join('/'));

describe('one format for dates and numbers', () => {
  it('finds every kind of formatting call it looks for (so it can fail)', () => {
    const sample = [
      "new Date(x).toLocaleString('en')",
      'd.toLocaleDateString()',
      'd.toLocaleTimeString(locale)',
      "new Intl.DateTimeFormat('de').format(d)",
      "new Intl.NumberFormat('pl', { style: 'currency', currency }).format(1)",
      'new Intl.RelativeTimeFormat(locale)',
      'new Intl.DurationFormat(locale)',
      'price.toFixed(2)',
      "import { format } from 'date-fns';",
      '// a comment naming toFixed( is fine',
    ].join('\n');
    expect(formattingCalls(sample).map((call) => call.name)).toEqual([
      'toLocaleString',
      'toLocaleDateString',
      'toLocaleTimeString',
      'Intl.DateTimeFormat',
      'Intl.NumberFormat',
      'Intl.RelativeTimeFormat',
      'Intl.DurationFormat',
      'toFixed',
      'date library',
    ]);
  });

  it('has the module and scans the whole app', () => {
    expect(files).toContain(THE_MODULE);
    expect(formattingCalls(readFileSync(join(root, THE_MODULE), 'utf8')).length).toBeGreaterThan(0);
    expect(files.length).toBeGreaterThan(300);
  });

  it('formats dates and numbers only in contract/formatting.ts', () => {
    const outside = files
      .filter((file) => file !== THE_MODULE)
      .flatMap((file) =>
        formattingCalls(readFileSync(join(root, file), 'utf8'))
          .filter((call) => !NOT_FOR_A_PERSON[file]?.includes(call.name))
          .map((call) => `${file}:${call.line} ${call.name}`),
      );
    expect(outside, 'call the functions of contract/formatting.ts (or src/i18n/format.ts in the app) instead').toEqual([]);
  });

  it('lists no exception that is no longer needed', () => {
    const stale = Object.entries(NOT_FOR_A_PERSON).flatMap(([file, names]) => {
      const found = files.includes(file) ? formattingCalls(readFileSync(join(root, file), 'utf8')).map((call) => call.name) : [];
      return names.filter((name) => !found.includes(name)).map((name) => `${file} ${name}`);
    });
    expect(stale).toEqual([]);
  });
});
