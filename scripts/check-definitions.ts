/**
 * `npm run definitions:check`: every screen definition (screen-definitions/*.json,
 * or the folder in PORTAL_DEFINITIONS_DIR / --dir) against the published JSON
 * Schema and the service catalogue (scripts/definition-folder-check.ts). Prints
 * `file: JSONPath: reason` per problem and exits 1 when there is any.
 * `--write-schema` regenerates screen-definitions/screens/screen-definition.schema.json
 * from engine/grids.
 */
import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkDefinitionFolder, PUBLISHED_SCHEMA, schemaText, SHIPPED_DEFINITIONS } from './definition-folder-check';

const { values } = parseArgs({ options: { dir: { type: 'string' }, 'write-schema': { type: 'boolean', default: false } } });
const dir = resolve(values.dir ?? process.env.PORTAL_DEFINITIONS_DIR ?? SHIPPED_DEFINITIONS);

if (values['write-schema']) {
  writeFileSync(PUBLISHED_SCHEMA, schemaText());
  console.log(`Wrote ${relative(process.cwd(), PUBLISHED_SCHEMA)}`);
}

const { files, problems } = checkDefinitionFolder(dir);
if (problems.length > 0) {
  for (const line of problems) console.error(line);
  console.error(`\n${problems.length} problem(s) in the screen definitions.`);
  process.exit(1);
}
console.log(`${files} screen definition(s) valid in ${relative(process.cwd(), dir) || dir}.`);
