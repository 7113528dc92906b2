/**
 * Checks of panes (schema/panes.ts) that a schema cannot say: the head reads the definition's record (which must
 * exist) by paths its answer declares, the side's `selected` and the panes' context maps name values the screen has,
 * a linksFrom call and a lookup exist with their parameters and rows, the actions' calls, values and conditions hold, ids are unique, and panes stand alone (no other kind beside
 * them). That the named definitions exist and the side is a tree is checked with the folder (check-panes-folder).
 */
import { Type, type TSchema } from '@sinclair/typebox';
import type { Checker } from './checker';
import type { PanesHeadDefinition, ScreenDefinition } from './definition-schema';
import { RecordPaths, schemaAllowsPath } from './check-record-page';
import type { MethodContract } from '../../contract/define';
import { HOST_CONTEXT } from './screen-frame';

const OTHER_KINDS = ['recordEditor', 'recordForm', 'runner', 'linkLists', 'board', 'recordPage', 'listEditor', 'lineEditor', 'editing', 'masterDetail', 'cards', 'createForm', 'rowForm', 'detailPanel', 'actions'] as const;

/** The context values a definition's screen has: the host's, the record's and those its data source binds. */
export const knownContext = (definition: ScreenDefinition): ReadonlySet<string> =>
  new Set<string>([...HOST_CONTEXT, ...Object.keys(definition.record?.context ?? {}), ...Object.values(definition.dataSource.params ?? {}).flatMap((binding) => ('context' in binding ? [binding.context] : []))]);

export function checkPanes(check: Checker, definition: ScreenDefinition): void {
  const panes = definition.panes;
  if (!panes) return;
  for (const kind of OTHER_KINDS) if (definition[kind] !== undefined) check.add([kind], 'panes draw other definitions: this part of the definition itself would not be drawn');
  const record = definition.record;
  const recordContract = record ? check.method(['record'], record.service, record.method) : undefined;
  const known = knownContext(definition);
  for (const key of ['side', 'main'] as const) {
    const pane = panes[key];
    if (pane.definition === definition.id) check.add(['panes', key, 'definition'], 'a pane draws another definition, not this one');
    for (const [name, from] of Object.entries(pane.context)) {
      if (!known.has(from)) check.add(['panes', key, 'context', name], `"${from}" is neither a value the record gives, one the data source binds nor one the host gives`);
    }
  }
  if (!known.has(panes.side.selected)) check.add(['panes', 'side', 'selected'], `"${panes.side.selected}" is neither a value the record gives, one the data source binds nor one the host gives`);

  const recordPath = (path: (string | number)[], dotted: string) => {
    if (!record) return;
    if (!schemaAllowsPath(recordContract?.result, dotted.split('.'))) check.add(path, `"${dotted}" is not in the answer of ${record.service}/${record.method}`);
  };
  if (panes.side.openPath) {
    if (!record) check.add(['panes', 'side', 'openPath'], 'the opened path is read from the record: add `record`');
    recordPath(['panes', 'side', 'openPath', 'path'], panes.side.openPath.path);
  }
  if (panes.head) checkRecordHead(check, definition, panes.head, ['panes', 'head'], known);
}

/** The checks of a record's head (panes' and tabs' `head`): it reads the definition's record by paths its answer declares. */
export function checkRecordHead(check: Checker, definition: ScreenDefinition, head: PanesHeadDefinition, at: (string | number)[], known: ReadonlySet<string>): void {
  const record = definition.record;
  const recordContract = record ? check.method(['record'], record.service, record.method) : undefined;
  const recordPath = (path: (string | number)[], dotted: string) => {
    if (!record) return;
    if (!schemaAllowsPath(recordContract?.result, dotted.split('.'))) check.add(path, `"${dotted}" is not in the answer of ${record.service}/${record.method}`);
  };
  if (!record) check.add(at, 'the head draws the record: add `record` (the call loading it)');
  if (head.trail) recordPath([...at, 'trail', 'path'], head.trail.path);
  head.name.paths.forEach((path, index) => recordPath([...at, 'name', 'paths', index], path));
  (head.chips ?? []).forEach((chip, index) => recordPath([...at, 'chips', index, 'field'], chip.field));
  const ids = new Set<string>();
  const unique = (path: (string | number)[], id: string) => {
    if (ids.has(id)) check.add(path, `link "${id}" appears twice`);
    ids.add(id);
  };
  (head.links ?? []).forEach((link, index) => {
    unique([...at, 'links', index, 'id'], link.id);
    for (const [, field] of link.to.matchAll(/\{([A-Za-z][A-Za-z0-9_]*)\}/g)) recordPath([...at, 'links', index, 'to'], field);
  });
  (head.linksFrom ?? []).forEach((source, index) => {
    const path = [...at, 'linksFrom', index];
    unique([...path, 'id'], source.id);
    const contract = check.method(path, source.service, source.method);
    check.bindings([...path, 'params'], contract, source.params);
    for (const binding of Object.values(source.params ?? {})) {
      if ('context' in binding && !known.has(binding.context)) check.add([...path, 'params'], `"${binding.context}" is neither a value the record gives, one the data source binds nor one the host gives`);
    }
    (source.where ?? []).forEach((test, testIndex) => {
      if ('includesRecord' in test) recordPath([...path, 'where', testIndex, 'includesRecord'], test.includesRecord);
    });
    if (!source.testId.includes('{')) check.add([...path, 'testId'], 'each button needs its own test id: name a field of the row, e.g. {Segment}');
  });
  // A lookup's row is read under its name: what its answer's rows hold.
  const lookups = new Map<string, MethodContract | undefined>();
  (head.lookups ?? []).forEach((lookup, index) => {
    const path = [...at, 'lookups', index];
    if (lookups.has(lookup.as)) check.add([...path, 'as'], `lookup "${lookup.as}" appears twice`);
    const contract = check.method(path, lookup.service, lookup.method);
    check.bindings([...path, 'params'], contract, lookup.params);
    for (const binding of Object.values(lookup.params ?? {})) {
      if ('context' in binding && !known.has(binding.context)) check.add([...path, 'params'], `"${binding.context}" is neither a value the record gives, one the data source binds nor one the host gives`);
    }
    recordPath([...path, 'match', 'record'], lookup.match.record);
    lookups.set(lookup.as, contract && { ...contract, result: rowSchema(contract.result, lookup.rowsPath) });
  });
  const paths = new RecordPaths(check, recordContract, lookups);
  (head.actions ?? []).forEach((button, index) => {
    unique([...at, 'actions', index, 'id'], button.id);
    paths.button([...at, 'actions', index], button);
    for (const condition of [button.when ?? []].flat()) {
      if (condition.notInContextPath && !known.has(condition.notInContextPath)) check.add([...at, 'actions', index, 'when'], `"${condition.notInContextPath}" is neither a value the record gives, one the data source binds nor one the host gives`);
    }
  });
}

type SchemaNode = TSchema & { properties?: Record<string, TSchema>; items?: TSchema };

/** The schema of one row of an answer (its list at rowsPath, else the answer), as far as it is declared. */
function rowSchema(result: TSchema, rowsPath: string | undefined): TSchema {
  let node = result as SchemaNode | undefined;
  if (rowsPath) node = node?.properties?.[rowsPath] as SchemaNode | undefined;
  return (node?.items ?? Type.Unknown()) as TSchema;
}

/** Across a folder: the definitions panes draw exist, the side's is a tree and the main's is no panes (problems by file id). */
export function panesFolderProblems(definitions: ReadonlyMap<string, ScreenDefinition>): { id: string; path: string; reason: string }[] {
  const problems: { id: string; path: string; reason: string }[] = [];
  for (const [id, definition] of definitions) {
    const panes = definition.panes;
    if (!panes) continue;
    for (const key of ['side', 'main'] as const) {
      const named = definitions.get(panes[key].definition);
      const path = `$.panes.${key}.definition`;
      if (!named) problems.push({ id, path, reason: `"${panes[key].definition}" is not a definition of this folder` });
      else if (key === 'side' && named.dataSource.paging.mode !== 'tree') problems.push({ id, path, reason: `"${panes[key].definition}" is not a tree (paging mode "tree")` });
      else if (named.panes) problems.push({ id, path, reason: `"${panes[key].definition}" has panes itself` });
    }
  }
  return problems;
}
