/** A layout's Pattern must run on RE2 (issue 34): one RE2 cannot express is refused, naming the field. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayoutFile } from './layout-checks';
import type { LayoutFile } from './layout-file-schema';

const companyFile = resolve(import.meta.dirname, '../../screen-definitions/layouts/accounts/company.json');
const company = () => JSON.parse(readFileSync(companyFile, 'utf8')) as LayoutFile;

function problemsWithPattern(pattern: string) {
  const layout = company();
  const field = layout.Pages[0].Containers[0].Fields[4];
  field.Pattern = pattern;
  return { name: field.Name, problems: checkLayoutFile(layout, 'accounts/company.json').filter((problem) => problem.path.endsWith('/Pattern')) };
}

describe('layout patterns are checked for RE2', () => {
  it('accepts the shipped file', () => {
    expect(checkLayoutFile(company(), 'accounts/company.json')).toEqual([]);
  });

  it('refuses a backreference, naming the field', () => {
    const { name, problems } = problemsWithPattern('(ab)\\1');
    expect(name).toBe('Website');
    expect(problems).toEqual([
      {
        file: 'accounts/company.json',
        path: '/Pages/0/Containers/0/Fields/4/Pattern',
        rule: 'patternCompiles',
        message: 'field Website: backreferences (\\1, \\k<name>) are not supported: patterns run on RE2, which matches in linear time',
      },
    ]);
  });

  it('refuses a lookahead and a lookbehind, naming the field', () => {
    expect(problemsWithPattern('(?!0)\\d+').problems.map((problem) => problem.message)).toEqual([
      'field Website: lookarounds ((?=, (?!, (?<=, (?<!) are not supported: patterns run on RE2, which matches in linear time',
    ]);
    expect(problemsWithPattern('(?<=\\+)\\d+').problems).toHaveLength(1);
  });

  it('accepts the pattern of the probe: RE2 runs it in linear time', () => {
    expect(problemsWithPattern('^(a+)+$').problems).toEqual([]);
  });
});
