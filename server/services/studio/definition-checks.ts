/**
 * The checks of layouts:check and definitions:check, run on a source the
 * studio holds: a layout is checked among the served ones (its name taking the
 * place of its file), a screen definition on its own. Every problem names a
 * JSON pointer into the source. A report is checked against the data sources.
 */
import { checkDefinition } from '../../../engine/grids/check-definition';
import type { DefinitionProblem } from '../../../src/contract/services/studio';
import { publishedDefinitions, type DefinitionKind } from '../../definitions/published-store';
import { layoutDirsFromEnv, loadLayoutCatalogue, overrideLabel, type LayoutCatalogue, type LayoutOverride } from '../../forms/layout-catalogue';
import type { ServiceContext } from '../context';
import { checkReport } from '../../../engine/reports/check-report';
import { DATA_SOURCE_FIELDS } from '../reports/data-sources';

/** Marks the source under check among the catalogue's entries. */
const CANDIDATE_VERSION = 999_999_999;

/** JSONPath ($.columns[2].sortable) → JSON pointer (/columns/2/sortable). */
export function jsonPathToPointer(path: string): string {
  const parts: string[] = [];
  const pattern = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  for (const match of path.replace(/^\$/, '').matchAll(pattern)) {
    const part = match[1] ?? match[2] ?? (JSON.parse(match[3]) as string);
    parts.push(part.replace(/~/g, '~0').replace(/\//g, '~1'));
  }
  return parts.map((part) => `/${part}`).join('');
}

/** The served catalogue with a layout source in the place of its name. */
export function catalogueWith(ctx: Pick<ServiceContext, 'config'>, name: string, content: unknown): { catalogue: LayoutCatalogue; problems: DefinitionProblem[] } {
  const overrides = new Map<string, LayoutOverride>(publishedDefinitions(ctx.config).layouts);
  overrides.set(name, { version: CANDIDATE_VERSION, content });
  const label = overrideLabel(name, CANDIDATE_VERSION);
  const { catalogue, problems } = loadLayoutCatalogue(layoutDirsFromEnv(), overrides);
  return {
    catalogue,
    problems: problems
      .filter((problem) => problem.file === label || problem.message.includes(label))
      .map((problem) => ({ Path: problem.file === label ? problem.path : '', Rule: problem.rule, Message: problem.message.replace(label, `studio:${name}`) })),
  };
}

export function checkSource(ctx: Pick<ServiceContext, 'config'>, kind: DefinitionKind, name: string, source: string): DefinitionProblem[] {
  let content: unknown;
  try {
    content = JSON.parse(source) as unknown;
  } catch (error) {
    return [{ Path: '', Rule: 'json', Message: `not valid JSON: ${(error as Error).message}` }];
  }
  if (kind === 'report') {
    return checkReport(content, name, DATA_SOURCE_FIELDS).map((problem) => ({ Path: jsonPathToPointer(problem.path), Rule: 'report', Message: problem.reason }));
  }
  if (kind === 'screen') {
    return checkDefinition(content, name).map((problem) => ({ Path: jsonPathToPointer(problem.path), Rule: 'definition', Message: problem.reason }));
  }
  return catalogueWith(ctx, name, content).problems;
}
