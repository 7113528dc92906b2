/**
 * Reads every layout file of the layout folders (PORTAL_LAYOUTS_DIR, default
 * screen-definitions/layouts; several folders separated like PATH), checks each against the
 * published schema and the rules of layout-checks.ts, and indexes them by
 * account type and product. The server and scripts/check-layouts.ts share it.
 */
import Ajv, { type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { relative } from 'node:path';
import { folderProblem, listDefinitionFiles, readDefinitionJson, SCHEMA_FILES, SHIPPED_FOLDERS } from '../definitions/definition-tree';
import { buildAccountTypes, type AccountTypeEntry, type ScreenLookup } from './account-types';
import { checkLayoutFile, type LayoutProblem } from './layout-checks';
import { LayoutFileSchema, type LayoutFile } from './layout-file-schema';

export type { LayoutProblem };

export const DEFAULT_LAYOUTS_DIR = SHIPPED_FOLDERS.layout;
export const LAYOUT_SCHEMA_FILE = SCHEMA_FILES.layout!;

export interface LayoutEntry {
  /** Path relative to the working directory, for messages (`studio:<name>@v<n>` for a published database version). */
  file: string;
  layout: LayoutFile;
  /** The layout's name: its path in its folder without .json, e.g. products/microsoft-365. */
  name: string;
  /** 0 for the file, else the published database version overriding it. */
  version: number;
}

/** A layout published in the database (definition studio), by name. */
export interface LayoutOverride {
  version: number;
  content: unknown;
}

export const overrideLabel = (name: string, version: number) => `studio:${name}@v${version}`;

export interface LayoutCatalogue {
  /** Generic layouts by account type. */
  generic: Map<string, LayoutEntry>;
  /** Product layouts by product name. */
  products: Map<string, LayoutEntry>;
  /** Wizards (layouts with Wizard) by layout name, e.g. wizards/terminate: served by name, not by account type. */
  wizards: Map<string, LayoutEntry>;
  /** The account types the generic layouts define (issue 33), by type. */
  types: Map<string, AccountTypeEntry>;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateFile = ajv.compile<LayoutFile>(LayoutFileSchema);

/** ajv errors as problems; the branch errors of a failed anyOf are folded into one message. */
function schemaProblems(file: string, errors: ErrorObject[]): LayoutProblem[] {
  const anyOfPaths = errors.filter((error) => error.keyword === 'anyOf').map((error) => error.instancePath);
  return errors
    .filter((error) => error.keyword === 'anyOf' || !anyOfPaths.some((path) => error.instancePath.startsWith(path)))
    .map((error) => {
      const params = error.params as { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[] };
      const name = params.missingProperty ?? params.additionalProperty;
      const path = `${error.instancePath}${name ? `/${name}` : ''}`;
      const message =
        error.keyword === 'anyOf'
          ? 'matches none of the allowed forms (see layout.schema.json)'
          : error.keyword === 'additionalProperties'
            ? `unknown property ${name}`
            : error.message ?? 'is invalid';
      return { file, path, rule: error.keyword, message };
    });
}

/**
 * Loads and checks every layout file of the folders, a published database
 * version (`overrides`, by layout name) taking the place of its file or adding
 * a layout. Problems do not stop the loading of the others.
 */
export function loadLayoutCatalogue(
  dirs: readonly string[],
  overrides: ReadonlyMap<string, LayoutOverride> = new Map(),
  screens?: ScreenLookup,
): { catalogue: LayoutCatalogue; problems: LayoutProblem[] } {
  const problems: LayoutProblem[] = [];
  const entries: LayoutEntry[] = [];
  const seen = new Set<string>();
  const addData = (file: string, name: string, version: number, data: unknown) => {
    if (!validateFile(data)) {
      problems.push(...schemaProblems(file, validateFile.errors ?? []));
      return;
    }
    entries.push({ file, layout: data, name, version });
  };
  for (const dir of dirs) {
    const problem = folderProblem(dir);
    if (problem) {
      problems.push({ file: dir, path: '', rule: 'folder', message: `cannot read the layout folder: ${problem}` });
      continue;
    }
    for (const { name, path } of listDefinitionFiles('layout', [dir])) {
      const override = seen.has(name) ? undefined : overrides.get(name);
      seen.add(name);
      if (override) {
        addData(overrideLabel(name, override.version), name, override.version, override.content);
        continue;
      }
      const file = relative(process.cwd(), path) || path;
      const read = readDefinitionJson(path);
      if ('problem' in read) {
        problems.push({ file, path: '', rule: 'json', message: read.problem });
        continue;
      }
      addData(file, name, 0, read.content);
    }
  }
  for (const [name, override] of overrides) if (!seen.has(name)) addData(overrideLabel(name, override.version), name, override.version, override.content);

  const catalogue: LayoutCatalogue = { generic: new Map(), products: new Map(), wizards: new Map(), types: new Map() };
  for (const entry of entries) {
    if (entry.layout.Wizard) {
      catalogue.wizards.set(entry.name, entry);
      continue;
    }
    if (entry.layout.Products) continue;
    const existing = catalogue.generic.get(entry.layout.AccountType);
    if (existing) {
      const values = { definition: entry.name, type: entry.layout.AccountType, other: existing.name };
      problems.push({ file: entry.file, path: '/AccountType', rule: 'uniqueLayout', message: `${entry.layout.AccountType} already has a layout in ${existing.file}: choose another AccountType`, text: { key: 'types.taken', values } });
    }
    else catalogue.generic.set(entry.layout.AccountType, entry);
  }
  const built = buildAccountTypes([...catalogue.generic.values()], screens);
  catalogue.types = built.types;
  problems.push(...built.problems);
  const genericProductFields = firstPageFieldNames(catalogue.generic.get('Product')?.layout);
  for (const entry of entries) {
    const isProduct = Boolean(entry.layout.Products) && !entry.layout.Wizard;
    problems.push(...checkLayoutFile(entry.layout, entry.file, isProduct ? genericProductFields : []));
    if (!isProduct) continue;
    if (!catalogue.generic.has('Product')) problems.push({ file: entry.file, path: '/Products', rule: 'genericProduct', message: 'product layouts need a generic Product layout' });
    entry.layout.Products?.forEach((product, index) => {
      const existing = catalogue.products.get(product);
      if (existing) problems.push({ file: entry.file, path: `/Products/${index}`, rule: 'uniqueLayout', message: `${product} already has a layout in ${existing.file}` });
      else catalogue.products.set(product, entry);
    });
  }
  return { catalogue, problems };
}

function firstPageFieldNames(layout: LayoutFile | undefined): string[] {
  return layout?.Pages[0]?.Containers.flatMap((container) => container.Fields.map((field) => field.Name)) ?? [];
}

export const formatProblem = (problem: LayoutProblem) => `${problem.file}: ${problem.path || '/'}: [${problem.rule}] ${problem.message}`;
