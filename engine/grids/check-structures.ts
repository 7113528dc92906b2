/**
 * Checks of the structures beside the rows that a schema cannot say:
 * master–detail, facets, search, sort choices, the cards view and tree data
 * sources — methods and parameters exist, fields and ids are consistent, and
 * each structure is used with the paging and view it works with.
 */
import { findMethod } from '../../contract/catalogue';
import type { MethodContract } from '../../contract/define';
import type { ColumnDefinition, ParamBinding, ScreenDefinition } from './definition-schema';
import { checkOptionsSource } from './check-pickers';

type Path = (string | number)[];

export interface StructureChecker {
  add(path: Path, reason: string): void;
  method(path: Path, service: string, method: string): MethodContract | undefined;
  param(path: Path, contract: MethodContract | undefined, name: string, label: string): void;
  bindings(path: Path, contract: MethodContract | undefined, bindings: Record<string, ParamBinding> | undefined): void;
}

function checkColumns(check: StructureChecker, path: Path, columns: readonly ColumnDefinition[]) {
  const seen = new Set<string>();
  columns.forEach((column, index) => {
    if (seen.has(column.field)) check.add([...path, index, 'field'], `column "${column.field}" appears twice`);
    seen.add(column.field);
    if (column.type === 'money' && !column.currency && !column.currencyField) check.add([...path, index], 'a money column needs currency or currencyField');
    if (column.type === 'status' && !column.status) check.add([...path, index], 'a status column needs status (colours)');
    if (column.type === 'link' && !column.link) check.add([...path, index], 'a link column needs link');
    if (column.sortable) check.add([...path, index, 'sortable'], 'detail rows are not sorted');
  });
}

export function checkStructures(check: StructureChecker, definition: ScreenDefinition, sourceMethod: MethodContract | undefined): void {
  const source = definition.dataSource;
  const paging = source.paging;
  // A missing metadata method is reported once, by the data source's own check.
  const metadataMethod = source.metadata ? findMethod(source.metadata.service, source.metadata.method) : undefined;

  if (paging.mode === 'offset') {
    check.param(['dataSource', 'paging', 'offsetParam'], sourceMethod, paging.offsetParam, 'offsetParam');
    check.param(['dataSource', 'paging', 'limitParam'], sourceMethod, paging.limitParam, 'limitParam');
    if (definition.view !== 'cards') check.add(['dataSource', 'paging'], 'offset paging is drawn as cards: set view to "cards"');
  }
  if (paging.mode === 'tree') {
    check.param(['dataSource', 'paging', 'idParam'], sourceMethod, paging.idParam, 'idParam');
    if (!source.params?.[paging.idParam]) check.add(['dataSource', 'params'], `the root of the tree: bind "${paging.idParam}" (e.g. to the context's accountId)`);
    if (definition.view === 'cards') check.add(['view'], 'a tree data source is drawn as a tree, not as cards');
    if (definition.masterDetail) check.add(['masterDetail'], 'a tree has no detail rows');
    if (definition.actions?.length) check.add(['actions'], 'a tree offers no actions');
    if (definition.filters?.length) check.add(['filters'], 'a tree has no filter form: use switch facets');
  }
  if (definition.view === 'cards') {
    if (!definition.cards) check.add(['cards'], 'view "cards" needs cards');
    if (paging.mode !== 'offset') check.add(['dataSource', 'paging', 'mode'], 'the cards view pages by offset: paging mode "offset"');
  } else if (definition.cards) check.add(['cards'], 'cards are drawn only with view "cards"');
  if (definition.sortChoices) {
    if (paging.mode !== 'offset') check.add(['sortChoices'], 'sort choices are for offset paging (grids sort by their columns)');
    check.param(['sortChoices', 'param'], sourceMethod, definition.sortChoices.param, 'sortChoices.param');
    const ids = definition.sortChoices.options.map((option) => option.id);
    ids.forEach((id, index) => ids.indexOf(id) !== index && check.add(['sortChoices', 'options', index, 'id'], `sort "${id}" appears twice`));
  }

  const narrowing = paging.mode === 'offset' || paging.mode === 'tree';
  if (definition.search) {
    // A grid's search is the method's own (a text it narrows by on the server); its filters stay the grid's.
    const { minLength, tooShort } = definition.search;
    if ((minLength === undefined) !== (tooShort === undefined)) check.add(['search'], 'minLength and tooShort go together: the text says why a short one is not sent');
    if (narrowing && minLength !== undefined) check.add(['search', 'minLength'], 'minLength is for a grid\'s search');
    check.param(['search', 'param'], sourceMethod, definition.search.param, 'search.param');
    // Cards and trees send the text to their metadata method too (counts follow it); a grid's filter options do not.
    if (narrowing && definition.search.alsoMetadata !== false) check.param(['search', 'param'], metadataMethod, definition.search.param, 'search.param (metadata)');
  }
  const facetIds = new Set<string>();
  (definition.facets ?? []).forEach((facet, index) => {
    const path = ['facets', index];
    if (facetIds.has(facet.id)) check.add([...path, 'id'], `facet "${facet.id}" appears twice`);
    facetIds.add(facet.id);
    if (!narrowing) check.add(path, 'facets are for cards and trees; a grid narrows with its filters');
    if (paging.mode === 'tree' && facet.input !== 'switch') check.add([...path, 'input'], 'a tree takes switch facets only');
    check.param([...path, 'param'], sourceMethod, facet.param, 'param');
    if (metadataMethod) check.param([...path, 'param'], metadataMethod, facet.param, 'param (metadata)');
    if (facet.input === 'checkList' && !facet.options) check.add(path, 'a checkList facet needs options');
    if (facet.input === 'switch' && facet.options) check.add([...path, 'options'], 'a switch has no options');
    if ((facet.options || facet.count) && !source.metadata) check.add(path, 'counts come from dataSource.metadata');
  });

  const tree = definition.tree;
  if (tree) {
    if (paging.mode !== 'tree') check.add(['tree'], 'tree is how a tree data source is drawn: paging mode "tree"');
    if (tree.icon && !definition.columns.some((column) => column.field === tree.icon?.field)) check.add(['tree', 'icon', 'field'], `"${tree.icon.field}" is not a column`);
    if (tree.find) {
      checkOptionsSource(check, ['tree', 'find', 'options'], tree.find.options);
      if (!tree.find.options.searchParam) check.add(['tree', 'find', 'options'], 'the search needs searchParam: it reaches the nodes by what the user types');
    }
  }

  const detail = definition.masterDetail;
  if (detail) {
    if (paging.mode !== 'server' && paging.mode !== 'client') check.add(['masterDetail'], 'detail rows are drawn under the rows of a grid');
    if (detail.load) {
      const contract = check.method(['masterDetail', 'load'], detail.load.service, detail.load.method);
      check.param(['masterDetail', 'load', 'idParam'], contract, detail.load.idParam, 'idParam');
      check.bindings(['masterDetail', 'load', 'params'], contract, detail.load.params);
    }
    if (detail.titleField && !definition.columns.some((column) => column.field === detail.titleField)) check.add(['masterDetail', 'titleField'], `"${detail.titleField}" is not a column`);
    checkColumns(check, ['masterDetail', 'columns'], detail.columns);
  }
}
