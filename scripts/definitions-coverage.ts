/**
 * `npm run definitions:coverage`: for every route of src/router/routes.ts, the
 * hand-written lines its screen module reaches and whether the route is drawn
 * (at most 60 of them; what is counted and what is not: scripts/route-coverage.ts),
 * the share of drawn routes and the lines of src/screens. `--readme` rewrites the
 * table between the coverage markers of README.md; `--files <route>` lists the
 * files a route reaches, largest first.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { appRoutes } from '../src/router/routes';
import { coverageOf, coverageTable, ROOT } from './route-coverage';

const { values } = parseArgs({ options: { readme: { type: 'boolean', default: false }, files: { type: 'string' } } });
const rows = coverageOf(appRoutes);

if (values.files) {
  const row = rows.find((entry) => entry.path === values.files);
  if (!row) throw new Error(`no route ${values.files}`);
  for (const [file, lines] of [...row.files].sort((a, b) => b[1] - a[1])) console.log(`${String(lines).padStart(6)}  ${file}`);
  process.exit(0);
}

const table = coverageTable(rows);
console.log(table);

if (values.readme) {
  const readme = resolve(ROOT, 'README.md');
  const text = readFileSync(readme, 'utf8');
  const pattern = /(<!-- definitions:coverage -->\n)[\s\S]*?(\n<!-- \/definitions:coverage -->)/;
  if (!pattern.test(text)) throw new Error('README.md has no <!-- definitions:coverage --> markers');
  writeFileSync(readme, text.replace(pattern, (_match, start: string, end: string) => `${start}${table}${end}`));
}
