/**
 * The checks of layouts:check and definitions:check, run on a source the
 * studio holds: a layout is checked among the served ones (its name taking the
 * place of its file), a screen definition on its own. Every problem names a
 * JSON pointer into the source. A report is checked against the data sources.
 */
import { layoutDirsFromEnv } from '../../definitions/definition-tree';
import { checkDefinition } from '../../../engine/grids/check-definition';
import type { DefinitionProblem } from '../../../contract/services/studio';
import { publishedDefinitions, type DefinitionKind } from '../../definitions/published-store';
import { fileScreenLookup, type ScreenLookup } from '../../forms/account-types';
import { loadLayoutCatalogue, overrideLabel, type LayoutCatalogue, type LayoutOverride } from '../../forms/layout-catalogue';
import type { ServerTextKey } from '../../texts';
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
/** Screen definitions as served: the published version of a name first, else its file (a grid tab names one). */
export function servedScreens(ctx: Pick<ServiceContext, 'config'>): ScreenLookup {
  const files = fileScreenLookup();
  const published = publishedDefinitions(ctx.config).screens;
  return (screen) => published.get(screen)?.content ?? files(screen);
}

/** Checking context: the server's config, and its translator when a caller is waiting for the problems. */
type CheckContext = Pick<ServiceContext, 'config'> & Partial<Pick<ServiceContext, 't'>>;

export function catalogueWith(ctx: CheckContext, name: string, content: unknown): { catalogue: LayoutCatalogue; problems: DefinitionProblem[] } {
  const overrides = new Map<string, LayoutOverride>(publishedDefinitions(ctx.config).layouts);
  overrides.set(name, { version: CANDIDATE_VERSION, content });
  const label = overrideLabel(name, CANDIDATE_VERSION);
  const { catalogue, problems } = loadLayoutCatalogue(layoutDirsFromEnv(), overrides, servedScreens(ctx));
  return {
    catalogue,
    problems: problems
      .filter((problem) => problem.file === label || problem.message.includes(label))
      .map((problem) => ({
        Path: problem.file === label ? problem.path : '',
        Rule: problem.rule,
        // The account type checks say it in the caller's language: definition, field and what to do.
        Message: problem.text && ctx.t ? ctx.t(problem.text.key as ServerTextKey, { ...problem.text.values, field: problem.path }) : problem.message.replace(label, `studio:${name}`),
      })),
  };
}

export function checkSource(ctx: CheckContext, kind: DefinitionKind, name: string, source: string): DefinitionProblem[] {
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
