/**
 * Checks of a layout create (`layoutCreate`) that a schema cannot say: the kinds are the data source's rows read
 * whole, the fields it reads of them are columns, every method and parameter exists, the context values the calls
 * bind are ones the part sets (the kind, the parent, the variant), and notices read only what they have.
 */
import { isValueKind } from '../../contract/value-kinds';
import type { Checker, Path } from './checker';
import type { ParamBinding, ScreenDefinition } from './definition-schema';
import { checkOptionsSource } from './check-pickers';

const OTHER_PARTS = ['editing', 'lineEditor', 'listEditor', 'recordPage', 'recordForm', 'recordEditor', 'masterDetail', 'cards', 'addPanel', 'createForm', 'runner', 'board', 'linkLists', 'rowForm'] as const;

export function checkLayoutCreate(check: Checker, definition: ScreenDefinition): void {
  const part = definition.layoutCreate;
  if (!part) return;
  const path: Path = ['layoutCreate'];
  if (definition.dataSource.paging.mode !== 'client') check.add(['dataSource', 'paging'], 'the kinds are the data source\'s whole answer: a layout create needs client paging');
  const columns = new Set(definition.columns.map((column) => column.field));
  for (const key of ['match', 'value', 'label', 'allowed'] as const) {
    const field = part.kind[key];
    if (field !== undefined && !columns.has(field)) check.add([...path, 'kind', key], `"${field}" is not a column: add it to the columns (hidden) so the kinds are read with it`);
  }
  if (part.kind.as === part.kind.context) check.add([...path, 'kind', 'as'], 'the kind\'s value needs a context name of its own (the route\'s value is its segment)');

  // What the calls may bind: the part's own values, and the route's (anything else is never there).
  const known = new Set([part.kind.as, part.parent.as, ...(part.variant ? [part.variant.context] : [])]);
  const bindsKnown = (at: Path, bindings: Record<string, ParamBinding> | undefined) => {
    for (const [name, binding] of Object.entries(bindings ?? {})) {
      if ('context' in binding && !known.has(binding.context)) check.add([...at, name, 'context'], `"${binding.context}" is none of the values the part sets (${[...known].join(', ')})`);
    }
  };
  const call = (at: Path, service: string, method: string, params: Record<string, ParamBinding> | undefined) => {
    const contract = check.method(at, service, method);
    check.bindings([...at, 'params'], contract, params);
    bindsKnown([...at, 'params'], params);
    return contract;
  };

  if (part.variant) {
    checkOptionsSource(check, [...path, 'variant', 'options'], part.variant.options);
    bindsKnown([...path, 'variant', 'options', 'params'], part.variant.options.params);
    if (!part.variant.prefill.includes('.')) check.add([...path, 'variant', 'prefill'], 'name the view and the field: View.Field');
  }
  call([...path, 'parent', 'load'], part.parent.load.service, part.parent.load.method, part.parent.load.params);
  if (part.parent.required && !part.parent.contexts.includes(part.parent.required)) check.add([...path, 'parent', 'required'], `"${part.parent.required}" is not one of the parent's contexts`);
  call([...path, 'layout'], part.layout.service, part.layout.method, part.layout.params);
  const create = call([...path, 'create'], part.create.service, part.create.method, part.create.params);
  check.param([...path, 'create', 'valuesParam'], create, part.create.valuesParam, 'valuesParam');
  if (!/\{[A-Za-z0-9_.]+\}/.test(part.create.open)) check.add([...path, 'create', 'open'], 'the route must name the new record ({Field} of the answer)');

  const ids = new Set<string>();
  (part.notices ?? []).forEach((notice, index) => {
    const at: Path = [...path, 'notices', index];
    if (ids.has(notice.id)) check.add([...at, 'id'], `id "${notice.id}" appears twice`);
    ids.add(notice.id);
    call([...at, 'source'], notice.source.service, notice.source.method, notice.source.params);
    if (notice.missing && !notice.pick) check.add([...at, 'missing'], 'missing is said when pick finds no row: add pick');
    if (notice.pick && !known.has(notice.pick.equals)) check.add([...at, 'pick', 'equals'], `"${notice.pick.equals}" is none of the values the part sets (${[...known].join(', ')})`);
    const paths: [Path, string][] = [
      ...(notice.when ?? []).flatMap((condition, n): [Path, string][] => [[[...at, 'when', n, 'path'], condition.path], ...(condition.atLeast ? [[[...at, 'when', n, 'atLeast'], condition.atLeast] as [Path, string]] : [])]),
    ];
    (notice.when ?? []).forEach((condition, n) => {
      if (condition.present === undefined && condition.atLeast === undefined) check.add([...at, 'when', n], 'a condition needs present or atLeast');
    });
    notice.lines.forEach((line, l) =>
      line.parts.forEach((item, p) => {
        const partAt: Path = [...at, 'lines', l, 'parts', p];
        if ('valueKind' in item) {
          if (!isValueKind(item.valueKind)) check.add([...partAt, 'valueKind'], `"${item.valueKind}" is not a value kind (contract/value-kinds.ts)`);
          paths.push([[...partAt, 'path'], item.path]);
          return;
        }
        if ((item.by === undefined) !== (item.texts === undefined)) check.add(partAt, 'by and texts go together: the value chooses one of the texts');
        if (item.by) paths.push([[...partAt, 'by'], item.by]);
        for (const [name, value] of Object.entries(item.values ?? {})) {
          paths.push([[...partAt, 'values', name, 'path'], value.path]);
          if (value.currencyPath) paths.push([[...partAt, 'values', name, 'currencyPath'], value.currencyPath]);
        }
      }),
    );
    for (const [where, read] of paths) {
      if (read.startsWith('row.') && !notice.pick) check.add(where, 'reads the picked row, but the notice picks none (add pick)');
      if (read.startsWith('context.') && !known.has(read.slice('context.'.length))) check.add(where, `"${read.slice('context.'.length)}" is none of the values the part sets`);
    }
  });
  for (const other of OTHER_PARTS) {
    if (definition[other] !== undefined) check.add([other], `a layout create draws one form: ${other} does not apply`);
  }
}
