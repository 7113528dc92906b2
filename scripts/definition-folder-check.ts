/**
 * The check of a folder of screen definitions (used by `npm run definitions:check` and by tests in
 * process): each `<id>.json` against the published JSON Schema and the service catalogue, and the
 * published schema against engine/grids. Problems read `file: JSONPath: reason`, files named
 * relative to the working directory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { checkDefinition } from '../engine/grids/check-definition';
import { panesFolderProblems } from '../engine/grids/check-panes';
import { tabsFolderProblems } from '../engine/grids/check-tabs';
import { stackFolderProblems } from '../engine/grids/check-stack';
import type { ScreenDefinition } from '../engine/grids/definition-schema';
import { screenDefinitionJsonSchema } from '../engine/grids/json-schema';

const root = resolve(import.meta.dirname, '..');
export const SCHEMA_FILE = 'screen-definition.schema.json';
export const PUBLISHED_SCHEMA = resolve(root, 'screen-definitions/screens', SCHEMA_FILE);
export const SHIPPED_DEFINITIONS = resolve(root, 'screen-definitions/screens');

export const schemaText = () => `${JSON.stringify(screenDefinitionJsonSchema(), null, 2)}\n`;

const shown = (file: string) => relative(process.cwd(), file) || file;

export function checkDefinitionFolder(dir: string): { files: number; problems: string[] } {
  const problems: string[] = [];
  if (readFileSync(PUBLISHED_SCHEMA, 'utf8') !== schemaText()) {
    problems.push(`${shown(PUBLISHED_SCHEMA)}: $: out of date with engine/grids/definition-schema.ts (run npm run definitions:check -- --write-schema)`);
  }
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.json') && file !== SCHEMA_FILE)
    .sort();
  const valid = new Map<string, ScreenDefinition>();
  for (const file of files) {
    const path = join(dir, file);
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      problems.push(`${shown(path)}: $: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const found = checkDefinition(json, basename(file, '.json'));
    for (const problem of found) problems.push(`${shown(path)}: ${problem.path}: ${problem.reason}`);
    if (found.length === 0) valid.set(basename(file, '.json'), json as ScreenDefinition);
  }
  for (const problem of [...panesFolderProblems(valid), ...tabsFolderProblems(valid), ...stackFolderProblems(valid)]) problems.push(`${shown(join(dir, `${problem.id}.json`))}: ${problem.path}: ${problem.reason}`);
  return { files: files.length, problems };
}
