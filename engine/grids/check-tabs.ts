/**
 * Checks of tabs (schema/tabs.ts) that a schema cannot say: the page needs its record (the head and a missing
 * record's not-found page read it), the tabs come from exactly one place, a method's tabs are found by a record
 * field its answer declares, the context handed to tabs and the route name values the page has, listed tabs are
 * unique by path with exactly one of definition and host, and tabs stand alone (no other kind beside them). That
 * the named definitions exist is checked with the folder (tabsFolderProblems).
 */
import type { Checker } from './checker';
import type { ScreenDefinition } from './definition-schema';
import { checkRecordHead, knownContext } from './check-panes';
import { schemaAllowsPath } from './check-record-page';

const OTHER_KINDS = ['panes', 'recordEditor', 'recordForm', 'runner', 'linkLists', 'board', 'recordPage', 'listEditor', 'lineEditor', 'editing', 'masterDetail', 'cards', 'createForm', 'rowForm', 'detailPanel', 'actions', 'layoutCreate'] as const;
const unknownValue = (name: string) => `"${name}" is neither a value the record gives, one the data source binds nor one the host gives`;

export function checkTabs(check: Checker, definition: ScreenDefinition): void {
  const tabs = definition.tabs;
  if (!tabs) return;
  for (const kind of OTHER_KINDS) if (definition[kind] !== undefined) check.add([kind], 'tabs draw other definitions: this part of the definition itself would not be drawn');
  const record = definition.record;
  if (!record) check.add(['tabs'], 'a page of tabs is about a record: add `record` (the call loading it; a refused call shows the not-found page)');
  const known = new Set([...knownContext(definition), tabs.param]);
  for (const [name, from] of Object.entries(tabs.context)) if (!known.has(from)) check.add(['tabs', 'context', name], unknownValue(from));
  for (const [, name] of tabs.to.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)) if (!known.has(name)) check.add(['tabs', 'to'], unknownValue(name));
  if (tabs.head) checkRecordHead(check, definition, tabs.head, ['tabs', 'head'], known);

  if ((tabs.from === undefined) === (tabs.list === undefined)) check.add(['tabs'], 'give the tabs either from a method\'s answer (`from`) or listed (`list`), not both nor neither');
  if (tabs.from) {
    const from = tabs.from;
    const contract = check.method(['tabs', 'from'], from.service, from.method);
    check.bindings(['tabs', 'from', 'params'], contract, from.params);
    for (const binding of Object.values(from.params ?? {})) if ('context' in binding && !known.has(binding.context)) check.add(['tabs', 'from', 'params'], unknownValue(binding.context));
    if (record) {
      const recordContract = check.method(['record'], record.service, record.method);
      if (!schemaAllowsPath(recordContract?.result, from.match.record.split('.'))) check.add(['tabs', 'from', 'match', 'record'], `"${from.match.record}" is not in the answer of ${record.service}/${record.method}`);
    }
  }
  const paths = new Set<string>();
  (tabs.list ?? []).forEach((tab, index) => {
    const at = ['tabs', 'list', index];
    if (paths.has(tab.path)) check.add([...at, 'path'], `the path "${tab.path}" names two tabs: give each its own`);
    paths.add(tab.path);
    if ((tab.definition === undefined) === (tab.host === undefined)) check.add(at, 'a tab draws a definition (`definition`) or a host tab (`host`): give exactly one');
    if (tab.definition === definition.id) check.add([...at, 'definition'], 'a tab draws another definition, not this page');
  });
}

/** Across a folder: the definitions listed tabs draw exist and are no pages of tabs themselves (problems by file id). */
export function tabsFolderProblems(definitions: ReadonlyMap<string, ScreenDefinition>): { id: string; path: string; reason: string }[] {
  const problems: { id: string; path: string; reason: string }[] = [];
  for (const [id, definition] of definitions) {
    (definition.tabs?.list ?? []).forEach((tab, index) => {
      if (!tab.definition) return;
      const named = definitions.get(tab.definition);
      const path = `$.tabs.list[${index}].definition`;
      if (!named) problems.push({ id, path, reason: `"${tab.definition}" is not a definition of this folder` });
      else if (named.tabs) problems.push({ id, path, reason: `"${tab.definition}" is a page of tabs itself` });
    });
  }
  return problems;
}
