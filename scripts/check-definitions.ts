/**
 * `npm run definitions:check`: every screen definition (screen-definitions/*.json,
 * or the folder in PORTAL_DEFINITIONS_DIR / --dir) against the published JSON
 * Schema and the service catalogue. Prints `file: JSONPath: reason` per problem
 * and exits 1 when there is any. `--write-schema` regenerates
 * screen-definitions/screen-definition.schema.json from engine/grids.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDefinition } from '../engine/grids/check-definition';
import { screenDefinitionJsonSchema } from '../engine/grids/json-schema';

const root = resolve(import.meta.dirname, '..');
export const SCHEMA_FILE = 'screen-definition.schema.json';
const publishedSchema = resolve(root, 'screen-definitions', SCHEMA_FILE);

const { values } = parseArgs({ options: { dir: { type: 'string' }, 'write-schema': { type: 'boolean', default: false } } });
const dir = resolve(values.dir ?? process.env.PORTAL_DEFINITIONS_DIR ?? resolve(root, 'screen-definitions'));
const schemaText = `${JSON.stringify(screenDefinitionJsonSchema(), null, 2)}\n`;

if (values['write-schema']) {
  writeFileSync(publishedSchema, schemaText);
  console.log(`Wrote ${relative(root, publishedSchema)}`);
}

const problems: string[] = [];
const shown = (file: string) => relative(process.cwd(), file) || file;

if (readFileSync(publishedSchema, 'utf8') !== schemaText) {
  problems.push(`${shown(publishedSchema)}: $: out of date with engine/grids/definition-schema.ts (run npm run definitions:check -- --write-schema)`);
}

const files = readdirSync(dir)
  .filter((file) => file.endsWith('.json') && file !== SCHEMA_FILE)
  .sort();
for (const file of files) {
  const path = join(dir, file);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push(`${shown(path)}: $: not valid JSON (${(error as Error).message})`);
    continue;
  }
  for (const problem of checkDefinition(json, basename(file, '.json'))) problems.push(`${shown(path)}: ${problem.path}: ${problem.reason}`);
}

if (problems.length > 0) {
  for (const line of problems) console.error(line);
  console.error(`\n${problems.length} problem(s) in the screen definitions.`);
  process.exit(1);
}
console.log(`${files.length} screen definition(s) valid in ${shown(dir)}.`);
