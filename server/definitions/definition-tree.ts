/**
 * The one definitions tree (issue 32): where each kind of definition lives, and the one way its
 * files are listed and read — by the server, the studio (version 0 of each definition), its
 * export, and the check scripts. screen-definitions/{screens,layouts,reports,cards};
 * PORTAL_DEFINITIONS_DIR (screens) and PORTAL_LAYOUTS_DIR (layouts; several folders separated
 * like PATH, the first holding a name wins) keep their meaning. Each kind keeps its own checks
 * (engine/grids, server/forms, engine/reports, dashboard cards); reading is shared.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, join, relative, resolve, sep } from 'node:path';

export type DefinitionFileKind = 'layout' | 'screen' | 'report' | 'card';

const ROOT = resolve(import.meta.dirname, '../../screen-definitions');

/** The folders the project ships, by kind. */
export const SHIPPED_FOLDERS: Readonly<Record<DefinitionFileKind, string>> = {
  screen: join(ROOT, 'screens'),
  layout: join(ROOT, 'layouts'),
  report: join(ROOT, 'reports'),
  card: join(ROOT, 'cards'),
};

/** The published JSON schemas beside the files: not definitions. */
export const SCHEMA_FILES: Readonly<Partial<Record<DefinitionFileKind, string>>> = {
  screen: 'screen-definition.schema.json',
  layout: 'layout.schema.json',
};

/** A screen, report or card name: a file name without dots or slashes, so nothing outside its folder can be named. */
export const FLAT_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** The layout folders: PORTAL_LAYOUTS_DIR (one or more, separated like PATH) or the shipped one. */
export function layoutDirsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  const value = env.PORTAL_LAYOUTS_DIR?.trim();
  return value ? value.split(delimiter).filter(Boolean).map((dir) => resolve(dir)) : [SHIPPED_FOLDERS.layout];
}

/** The folders of a kind, in order of precedence; `definitionsDir` is the server's screens folder (config). */
export function definitionFolders(kind: DefinitionFileKind, config?: { definitionsDir?: string }, env: NodeJS.ProcessEnv = process.env): string[] {
  if (kind === 'layout') return layoutDirsFromEnv(env);
  if (kind === 'screen') return [config?.definitionsDir ?? resolve(env.PORTAL_DEFINITIONS_DIR ?? SHIPPED_FOLDERS.screen)];
  return [SHIPPED_FOLDERS[kind]];
}

/** A layout's name: its path in its folder, forward slashes, no .json (layouts nest: products/microsoft-365). */
export const nameInFolder = (dir: string, path: string) => relative(dir, path).split(sep).join('/').replace(/\.json$/, '');

function jsonFiles(dir: string, kind: DefinitionFileKind): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      // Only layouts nest in folders; the other kinds are flat.
      if (entry.isDirectory()) return kind === 'layout' ? jsonFiles(path, kind) : [];
      return entry.name.endsWith('.json') && entry.name !== SCHEMA_FILES[kind] ? [path] : [];
    });
}

export interface DefinitionFile {
  kind: DefinitionFileKind;
  name: string;
  path: string;
  /** The folder it was found in. */
  dir: string;
}

/** Whether a folder can be read; the message when not. */
export function folderProblem(dir: string): string | undefined {
  try {
    if (!statSync(dir).isDirectory()) return 'not a folder';
    readdirSync(dir);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/**
 * Every definition file of a kind, by name, in file-name order; the first folder holding a name
 * wins. A folder that cannot be read holds nothing (loaders that must have it ask folderProblem).
 * Flat kinds keep only files whose name is a FLAT_NAME, unless `allNames` (to refuse the others loudly).
 */
export function listDefinitionFiles(kind: DefinitionFileKind, folders: readonly string[] = definitionFolders(kind), allNames = false): DefinitionFile[] {
  const found = new Map<string, DefinitionFile>();
  for (const dir of folders) {
    let paths: string[];
    try {
      paths = jsonFiles(dir, kind);
    } catch {
      continue;
    }
    for (const path of paths) {
      const name = nameInFolder(dir, path);
      if (kind !== 'layout' && !allNames && !FLAT_NAME.test(name)) continue;
      if (!found.has(name)) found.set(name, { kind, name, path, dir });
    }
  }
  return [...found.values()];
}

/** A definition file's JSON, or why it could not be read. */
export function readDefinitionJson(path: string): { content: unknown } | { problem: string } {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    return { problem: `cannot be read: ${(error as Error).message}` };
  }
  try {
    return { content: JSON.parse(text) as unknown };
  } catch (error) {
    return { problem: `not valid JSON: ${(error as Error).message}` };
  }
}

/**
 * Every `<id>.json` of a folder of a flat kind (dashboard cards, reports), checked, in file-name
 * order. A broken file, or one whose id is not its name, throws with the file's name: the server
 * refuses to guess.
 */
export function readCheckedDefinitions<T extends { id: string }>(kind: DefinitionFileKind, dir: string, what: string, problemsOf: (content: unknown) => string[]): T[] {
  const problem = folderProblem(dir);
  if (problem) throw new Error(`${what} folder ${dir}: ${problem}`);
  return listDefinitionFiles(kind, [dir], true).map((file) => {
    if (!FLAT_NAME.test(file.name)) throw new Error(`${what} ${file.name}.json: a name is lower-case letters, digits and dashes`);
    const read = readDefinitionJson(file.path);
    if ('problem' in read) throw new Error(`${what} ${file.name}.json: ${read.problem}`);
    const problems = problemsOf(read.content);
    if (problems.length) throw new Error(`${what} ${file.name}.json: ${problems.join('; ')}`);
    const typed = read.content as T;
    if (typed.id !== file.name) throw new Error(`${what} ${file.name}.json: id ${typed.id} does not match the file name`);
    return typed;
  });
}
