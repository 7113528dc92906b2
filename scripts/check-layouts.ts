/**
 * `npm run layouts:check` (and the "layouts" step of `npm test`): checks every
 * view layout file against the published schema and the layout rules, naming
 * file, JSON path and rule of each problem. Also checks that
 * screen-definitions/layouts/layout.schema.json matches the schema in the code.
 *
 *   tsx scripts/check-layouts.ts                 the folders of PORTAL_LAYOUTS_DIR (default screen-definitions/layouts)
 *   tsx scripts/check-layouts.ts <folder>...     other folders
 *   tsx scripts/check-layouts.ts --write-schema  regenerate layout.schema.json
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { layoutDirsFromEnv } from '../server/definitions/definition-tree';
import { DEFAULT_LAYOUTS_DIR, LAYOUT_SCHEMA_FILE, formatProblem, loadLayoutCatalogue } from '../server/forms/layout-catalogue';
import { LayoutFileSchema } from '../server/forms/layout-file-schema';

const args = process.argv.slice(2);
const schemaPath = resolve(DEFAULT_LAYOUTS_DIR, LAYOUT_SCHEMA_FILE);
const publishedSchema = `${JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', ...JSON.parse(JSON.stringify(LayoutFileSchema)) }, null, 2)}\n`;

if (args.includes('--write-schema')) {
  writeFileSync(schemaPath, publishedSchema);
  console.log(`Wrote ${schemaPath}`);
  process.exit(0);
}

const dirs = args.length ? args.map((dir) => resolve(dir)) : layoutDirsFromEnv();
const { catalogue, problems } = loadLayoutCatalogue(dirs);
const messages = problems.map(formatProblem);

let current = '';
try {
  current = readFileSync(schemaPath, 'utf8');
} catch {
  // reported below
}
if (current !== publishedSchema) {
  messages.push(`${schemaPath}: /: [schemaUpToDate] differs from the schema in server/forms/layout-file-schema.ts; run npm run layouts:check -- --write-schema`);
}

if (messages.length) {
  console.error(`Layout check failed (${messages.length} problem${messages.length === 1 ? '' : 's'}):`);
  for (const message of messages) console.error(`  ${message}`);
  process.exit(1);
}
const count = catalogue.generic.size + new Set(catalogue.products.values()).size;
console.log(`${count} layout files OK (${[...catalogue.generic.keys()].join(', ')}; ${catalogue.products.size} products) in ${dirs.join(', ')}`);
