/**
 * `npm run definitions:coverage`: every route of src/router/routes.ts, what
 * draws its body (a screen definition, a layout, or code, with the reason) and
 * the share drawn from definitions. Exits 1 when a claim does not hold.
 * `--readme` rewrites the table between the coverage markers of README.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { appRoutes } from '../src/router/routes';
import { coverageOf, coverageTable, ROOT } from './route-coverage';

const { values } = parseArgs({ options: { readme: { type: 'boolean', default: false } } });
const rows = coverageOf(appRoutes);
const table = coverageTable(rows);
console.log(table);

if (values.readme) {
  const readme = resolve(ROOT, 'README.md');
  const text = readFileSync(readme, 'utf8');
  const pattern = /(<!-- definitions:coverage -->\n)[\s\S]*?(\n<!-- \/definitions:coverage -->)/;
  if (!pattern.test(text)) throw new Error('README.md has no <!-- definitions:coverage --> markers');
  writeFileSync(readme, text.replace(pattern, (_match, start: string, end: string) => `${start}${table}${end}`));
}

const false_ = rows.filter((row) => row.problem && row.kind !== 'unclaimed');
for (const row of rows.filter((entry) => entry.problem)) console.error(`${row.path}: ${row.problem}`);
process.exit(false_.length || rows.some((row) => row.kind === 'unclaimed') ? 1 : 0);
