/**
 * Checks of a stack (schema/stack.ts) that a schema cannot say: each part is exactly one kind, ids are unique, the
 * values it reads are ones the screen has (the record's, the data source's, the picker's, the host's), sources
 * exist with their parameters and are the ones conditions name, `own` parts have the stack's `own`, and a stack
 * stands alone. That the definitions its parts draw exist and draw it not again is checked with the folder.
 */
import type { Checker } from './checker';
import type { ScreenDefinition } from './definition-schema';
import { HOST_CONTEXT } from './screen-frame';

const OTHER_KINDS = ['recordEditor', 'recordForm', 'runner', 'linkLists', 'board', 'recordPage', 'listEditor', 'lineEditor', 'editing', 'masterDetail', 'cards', 'createForm', 'rowForm', 'detailPanel', 'actions', 'panes', 'form', 'layoutCreate'] as const;
const KINDS = ['definition', 'link', 'notice', 'hostPanel'] as const;

export function checkStack(check: Checker, definition: ScreenDefinition): void {
  const stack = definition.stack;
  if (!stack) return;
  for (const kind of OTHER_KINDS) if (definition[kind] !== undefined) check.add([kind], 'a stack draws its parts: this part of the definition itself would not be drawn');
  const known = new Set<string>([
    ...HOST_CONTEXT,
    ...Object.keys(definition.record?.context ?? {}),
    ...Object.values(definition.dataSource.params ?? {}).flatMap((binding) => ('context' in binding ? [binding.context] : [])),
    ...(stack.picker ? [stack.picker.context] : []),
  ]);
  const unknown = (name: string) => `"${name}" is neither a value the record gives, one the data source binds, the picker's nor one the host gives`;
  if (stack.own && !known.has(stack.own.context)) check.add(['stack', 'own', 'context'], unknown(stack.own.context));
  if (stack.picker) {
    const contract = check.method(['stack', 'picker', 'options'], stack.picker.options.service, stack.picker.options.method);
    check.bindings(['stack', 'picker', 'options', 'params'], contract, stack.picker.options.params);
    if (!stack.picker.options.searchParam) check.add(['stack', 'picker', 'options', 'searchParam'], 'the picker searches as the user types: name the parameter receiving the text');
    else check.param(['stack', 'picker', 'options', 'searchParam'], contract, stack.picker.options.searchParam, 'searchParam');
    if (stack.picker.namePath && !definition.record) check.add(['stack', 'picker', 'namePath'], 'the current choice\'s name is read from the record: add `record`');
  }
  const sourceIds = new Set<string>();
  (stack.sources ?? []).forEach((source, index) => {
    const path = ['stack', 'sources', index];
    if (sourceIds.has(source.id)) check.add([...path, 'id'], `source "${source.id}" appears twice`);
    sourceIds.add(source.id);
    const contract = check.method(path, source.service, source.method);
    check.bindings([...path, 'params'], contract, source.params);
    for (const binding of Object.values(source.params ?? {})) if ('context' in binding && !known.has(binding.context)) check.add([...path, 'params'], unknown(binding.context));
  });
  const read = new Set<string>();
  const ids = new Set<string>();
  stack.parts.forEach((part, index) => {
    const path = ['stack', 'parts', index];
    if (ids.has(part.id)) check.add([...path, 'id'], `part "${part.id}" appears twice`);
    ids.add(part.id);
    const kinds = KINDS.filter((kind) => part[kind] !== undefined);
    if (kinds.length !== 1) check.add(path, `a part is exactly one of ${KINDS.join(', ')} (this one: ${kinds.join(', ') || 'none'})`);
    if (part.own !== undefined && !stack.own) check.add([...path, 'own'], 'whose account it is needs the stack\'s `own: { context }`');
    (part.when ?? []).forEach((condition, at) => {
      read.add(condition.source);
      if (!sourceIds.has(condition.source)) check.add([...path, 'when', at, 'source'], `"${condition.source}" is not a source of the stack`);
      if (!known.has(condition.where.context)) check.add([...path, 'when', at, 'where', 'context'], unknown(condition.where.context));
    });
    if (part.definition) {
      if (part.definition.name === definition.id) check.add([...path, 'definition', 'name'], 'a part draws another definition, not this one');
      for (const [name, from] of Object.entries(part.definition.context)) if (!known.has(from)) check.add([...path, 'definition', 'context', name], unknown(from));
    }
    if (part.link) for (const [, name] of part.link.to.matchAll(/\{([A-Za-z][A-Za-z0-9]*)\}/g)) if (!known.has(name)) check.add([...path, 'link', 'to'], unknown(name));
    if (part.notice?.whenNothingElse && stack.parts.every((other) => other === part || other.notice?.whenNothingElse)) check.add([...path, 'notice', 'whenNothingElse'], 'there is no other part it could stand in for');
  });
  (stack.sources ?? []).forEach((source, index) => {
    if (!read.has(source.id)) check.add(['stack', 'sources', index, 'id'], `no part's condition reads source "${source.id}": drop it`);
  });
}

/** Whether a stack named `from` draws `target` somewhere below it (a stack may draw a stack, never in a circle). */
function drawsBack(definitions: ReadonlyMap<string, ScreenDefinition>, from: string, target: string, seen = new Set<string>()): boolean {
  if (from === target) return true;
  if (seen.has(from)) return false;
  seen.add(from);
  return (definitions.get(from)?.stack?.parts ?? []).some((part) => part.definition !== undefined && drawsBack(definitions, part.definition.name, target, seen));
}

/** Across a folder: the definitions a stack's parts draw exist and never draw it again (problems by file id). */
export function stackFolderProblems(definitions: ReadonlyMap<string, ScreenDefinition>): { id: string; path: string; reason: string }[] {
  const problems: { id: string; path: string; reason: string }[] = [];
  for (const [id, definition] of definitions) {
    definition.stack?.parts.forEach((part, index) => {
      if (!part.definition) return;
      const named = definitions.get(part.definition.name);
      const path = `$.stack.parts[${index}].definition.name`;
      if (!named) problems.push({ id, path, reason: `"${part.definition.name}" is not a definition of this folder` });
      else if (drawsBack(definitions, part.definition.name, id)) problems.push({ id, path, reason: `"${part.definition.name}" draws this definition again (a circle)` });
    });
  }
  return problems;
}
