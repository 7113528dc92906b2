/**
 * A report is a definition of its own kind (engine/reports: schema and check):
 * the shipped files (screen-definitions/reports/<id>.json) are version 0,
 * the studio's published versions are laid over them (published-store.ts), each
 * checked against the data sources before it is served. A new report over an
 * existing data source is a new file, or a definition created in the studio.
 */
import { checkReport, type ReportDefinition, type ReportSources } from '../../../engine/reports/check-report';
import { readCheckedDefinitions, SHIPPED_FOLDERS } from '../../definitions/definition-tree';
import type { PublishedDefinition } from '../../definitions/published-store';

export type { ReportDefinition } from '../../../engine/reports/check-report';

export const REPORTS_DIR = SHIPPED_FOLDERS.report;

/** Problems of one definition (empty when sound), given the data sources' names and fields. */
export function definitionProblems(definition: unknown, sources: ReportSources, name?: string): string[] {
  const id = name ?? (definition && typeof definition === 'object' && typeof (definition as { id?: unknown }).id === 'string' ? (definition as { id: string }).id : '');
  return checkReport(definition, id, sources).map((problem) => `${problem.path}: ${problem.reason}`);
}

/** Reads every definition file; a broken one throws with its file name (the server refuses to guess). */
export function readDefinitions(sources: ReportSources, dir = REPORTS_DIR): ReportDefinition[] {
  return readCheckedDefinitions<ReportDefinition>('report', dir, 'report definition', (definition) => definitionProblems(definition, sources));
}

/** Published versions that pass the checks (checked once each). */
const sound = new WeakMap<PublishedDefinition, boolean>();

/**
 * The files with the published versions in their place, plus the published ones
 * that have no file (created in the studio); a published version that fails its
 * checks is left out and its file served, in file order then by name.
 */
export function servedReports(files: readonly ReportDefinition[], published: ReadonlyMap<string, PublishedDefinition>, sources: ReportSources): ReportDefinition[] {
  const passes = (name: string, entry: PublishedDefinition) => {
    let ok = sound.get(entry);
    if (ok === undefined) sound.set(entry, (ok = entry.content !== undefined && checkReport(entry.content, name, sources).length === 0));
    return ok;
  };
  const served = files.map((file) => {
    const entry = published.get(file.id);
    return entry && passes(file.id, entry) ? (entry.content as ReportDefinition) : file;
  });
  const known = new Set(files.map((file) => file.id));
  for (const [name, entry] of [...published].sort(([a], [b]) => a.localeCompare(b))) {
    if (!known.has(name) && passes(name, entry)) served.push(entry.content as ReportDefinition);
  }
  return served;
}

/** A text in the caller's language (its two-letter base), else English. */
export const localText = (texts: Record<string, string>, locale: string) => texts[locale.slice(0, 2).toLowerCase()] ?? texts.en;
