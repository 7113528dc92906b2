/**
 * Validation of a screen-definition file: its shape against the JSON Schema,
 * then what a schema cannot say — every service method it names exists in the
 * catalogue with the parameters it binds, every sort and filter it offers is
 * declared indexed by its data source, ids and fields are consistent.
 * `scripts/check-definitions.ts` runs it over screen-definitions/.
 */
import { Ajv, type ErrorObject } from 'ajv';
import { checkStructures } from './check-structures';
import { filterOperator } from './grid-model';
import { screenDefinitionJsonSchema } from './json-schema';
import { kindValues, type ValueKindName } from '../../contract/value-kinds';
import type { ColumnDefinition, ScreenDefinition } from './definition-schema';
import { Checker, toJsonPath, type DefinitionProblem, type Path } from './checker';
import { checkEditing } from './check-editing';
import { checkPickers } from './check-pickers';
import { checkLines } from './check-lines';
import { checkListEditor } from './check-list-editor';
import { checkForms } from './check-forms';
import { checkRecordPage } from './check-record-page';
import { checkScreenFrame } from './check-screen-frame';
import { checkRecordEditor } from './check-record-editor';
import { checkRecordForm } from './check-record-form';
import { checkLayoutCreate } from './check-layout-create';
import { checkDetailPanel } from './check-detail-panel';
import { checkScreenHead } from './check-screen-head';
import { checkRunner } from './check-runner';
import { checkLinkLists } from './check-link-lists';
import { checkBoard } from './check-board';
import { checkRowForm } from './check-row-form';
import { checkForm } from './check-form';
import { checkPanes } from './check-panes';
import { checkTabs } from './check-tabs';
import { checkStack } from './check-stack';

export type { DefinitionProblem } from './checker';

const pointerToPath = (pointer: string): Path =>
  pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

let compiled: ReturnType<Ajv['compile']> | undefined;
function schemaValidator() {
  compiled ??= new Ajv({ allErrors: true, strict: false }).compile(screenDefinitionJsonSchema());
  return compiled;
}

/** Ajv reports every branch of a union; keep the most specific message per path, and list the allowed constants together. */
function schemaProblems(errors: readonly ErrorObject[]): DefinitionProblem[] {
  const byPath = new Map<string, ErrorObject>();
  const allowed = new Map<string, unknown[]>();
  for (const error of errors) {
    const where = error.keyword === 'additionalProperties' ? `${error.instancePath}/${String(error.params.additionalProperty)}` : error.keyword === 'required' ? `${error.instancePath}/${String(error.params.missingProperty)}` : error.instancePath;
    if (error.keyword === 'const') allowed.set(where, [...(allowed.get(where) ?? []), error.params.allowedValue]);
    const known = byPath.get(where);
    if (!known || (known.keyword === 'anyOf' && error.keyword !== 'anyOf')) byPath.set(where, error);
  }
  return [...byPath].map(([where, error]) => {
    const path = toJsonPath(pointerToPath(where));
    if (error.keyword === 'additionalProperties') return { path, reason: 'unknown property' };
    if (error.keyword === 'required') return { path, reason: 'required property is missing' };
    if (error.keyword === 'const') return { path, reason: `must be one of ${JSON.stringify(allowed.get(where))}` };
    if (error.keyword === 'enum') return { path, reason: `must be one of ${JSON.stringify(error.params.allowedValues)}` };
    return { path, reason: error.message ?? error.keyword };
  });
}

/** A column of a value kind takes its texts from the registry: no second prefix, and the coloured values must be values of the kind. */
function checkValueKind(check: Checker, path: (string | number)[], kind: ValueKindName, status: ColumnDefinition['status']): void {
  if (status?.labelPrefix) check.add([...path, 'status', 'labelPrefix'], 'a column with a valueKind takes its texts from the value-kind registry: drop labelPrefix');
  const known = new Set<string>(kindValues(kind));
  for (const value of Object.keys(status?.colors ?? {})) {
    if (!known.has(value)) check.add([...path, 'status', 'colors', value], `"${value}" is not a value of the kind "${kind}" (contract/value-kinds.ts)`);
  }
}

function checkSemantics(definition: ScreenDefinition, fileId: string): DefinitionProblem[] {
  const check = new Checker(definition);
  if (definition.id !== fileId) check.add(['id'], `must equal the file name "${fileId}"`);

  const source = definition.dataSource;
  const sourceMethod = check.method(['dataSource'], source.service, source.method);
  check.bindings(['dataSource', 'params'], sourceMethod, source.params);
  if (source.paging.mode === 'server') check.param(['dataSource', 'paging', 'queryParam'], sourceMethod, source.paging.queryParam, 'queryParam');
  if (source.paging.mode === 'client') {
    source.paging.keep?.forEach((condition, index) => {
      const ways = [condition.in, condition.equalsContext, condition.includesContext].filter((way) => way !== undefined).length;
      if (ways !== 1) check.add(['dataSource', 'paging', 'keep', index], 'a condition is one of in, equalsContext, includesContext');
    });
  }
  if (source.follow) {
    if (source.paging.mode !== 'client') check.add(['dataSource', 'follow'], 'rows are followed with client paging (every row read again)');
    const columns = new Set(definition.columns.map((column) => column.field));
    for (const key of ['field', 'dueField'] as const) {
      const field = key === 'field' ? source.follow.while.field : source.follow.dueField;
      if (field && !columns.has(field)) check.add(['dataSource', 'follow', ...(key === 'field' ? ['while', 'field'] : ['dueField'])], `"${field}" is not a column`);
    }
  }
  if (source.metadata) {
    const metadataMethod = check.method(['dataSource', 'metadata'], source.metadata.service, source.metadata.method);
    check.bindings(['dataSource', 'metadata', 'params'], metadataMethod, source.metadata.params);
  }

  const fields = new Set<string>();
  definition.columns.forEach((column, index) => {
    const path = ['columns', index];
    if (fields.has(column.field)) check.add([...path, 'field'], `column "${column.field}" appears twice`);
    fields.add(column.field);
    if (column.type === 'money' && !column.currency && !column.currencyField) check.add(path, 'a money column needs currency or currencyField');
    if (column.type === 'status' && !column.status) check.add(path, 'a status column needs status (colours)');
    if (column.type === 'link' && !column.link) check.add(path, 'a link column needs link');
    if (column.valueKind) checkValueKind(check, path, column.valueKind, column.status);
    if (column.linksField && column.type !== 'text') check.add([...path, 'linksField'], 'linksField is for text columns');
  });

  const indexed = source.paging.mode === 'server' ? source.paging.indexed : undefined;
  const indexedSorts = new Set(indexed?.sorts ?? []);
  definition.columns.forEach((column, index) => {
    if (indexed && column.sortable && !indexedSorts.has(column.field)) {
      check.add(['columns', index, 'sortable'], `sorting by "${column.field}" is offered but not declared indexed in dataSource.paging.indexed.sorts`);
    }
  });
  (definition.defaultSort ?? []).forEach((sort, index) => {
    if (!fields.has(sort.field)) check.add(['defaultSort', index, 'field'], `"${sort.field}" is not a column`);
    if (indexed && !indexedSorts.has(sort.field)) check.add(['defaultSort', index, 'field'], `default sort "${sort.field}" is not declared indexed in dataSource.paging.indexed.sorts`);
  });

  const filterFields = new Set<string>();
  (definition.filters ?? []).forEach((filter, index) => {
    const path = ['filters', index];
    if (filterFields.has(filter.field)) check.add([...path, 'field'], `filter "${filter.field}" appears twice`);
    filterFields.add(filter.field);
    if (filter.operator && filter.input !== 'text') check.add([...path, 'operator'], 'only text filters take an operator');
    if ((filter.input === 'select' || filter.input === 'multiSelect') && !filter.options) check.add(path, `a ${filter.input} filter needs options`);
    if (filter.options && !Array.isArray(filter.options) && !source.metadata) check.add([...path, 'options'], 'options from metadata need dataSource.metadata');
    if (indexed) {
      const operator = filterOperator(filter);
      const declared = indexed.filters.find((entry) => entry.field === filter.field);
      if (!declared?.operators.includes(operator)) {
        check.add(path, `filtering "${filter.field}" with ${operator} is offered but not declared indexed in dataSource.paging.indexed.filters`);
      }
    }
  });

  const actionIds = new Set<string>();
  (definition.actions ?? []).forEach((action, index) => {
    const path = ['actions', index];
    if (actionIds.has(action.id)) check.add([...path, 'id'], `action "${action.id}" appears twice`);
    actionIds.add(action.id);
    const contract = check.method(path, action.service, action.method);
    check.param([...path, 'ids', 'param'], contract, action.ids.param, 'ids.param');
    check.bindings([...path, 'params'], contract, action.params);
    if (action.reasonForm) check.param([...path, 'reasonForm', 'param'], contract, action.reasonForm.param, 'reasonForm.param');
    if (action.enabledWhen && !fields.has(action.enabledWhen.field)) check.add([...path, 'enabledWhen', 'field'], `"${action.enabledWhen.field}" is not a column`);
    if (action.refresh.includes('metadata') && !source.metadata) check.add([...path, 'refresh'], 'refreshing metadata needs dataSource.metadata');
    check.actionAccess([...path, 'requires'], contract, action.requires);
  });

  checkDetailPanel(check, definition);

  checkEditing(definition, check);

  const exporting = definition.export;
  if (exporting?.mode === 'server') {
    if (!exporting.method) check.add(['export'], 'a server export needs method');
    else {
      const contract = check.method(['export', 'method'], exporting.method.service, exporting.method.method);
      check.bindings(['export', 'method', 'params'], contract, exporting.method.params);
    }
  }
  if (exporting?.mode === 'client' && exporting.method) check.add(['export', 'method'], 'a client export takes no method');
  checkStructures(check, definition, sourceMethod);
  checkPickers(check, definition);
  checkLines(check, definition);
  checkListEditor(check, definition);
  checkForms(check, definition);
  checkRecordPage(check, definition);
  checkScreenFrame(check, definition);
  checkRecordEditor(check, definition);
  checkRecordForm(check, definition);
  checkScreenHead(check, definition);
  checkRunner(check, definition);
  checkRowForm(check, definition);
  checkLinkLists(check, definition);
  checkBoard(check, definition);
  checkForm(check, definition);
  checkPublicPage(check, definition);
  checkPanes(check, definition);
  checkTabs(check, definition);
  checkStack(check, definition);
  checkLayoutCreate(check, definition);
  return check.problems;
}

/** A page for anyone (access.anyone) asks for no capability, and calls only what answers without a session. */
function checkPublicPage(check: Checker, definition: ScreenDefinition): void {
  if (!definition.access.anyone) return;
  if (definition.access.anyOf || definition.access.allOf) check.add(['access', 'anyone'], 'a page for anyone asks for no capability: drop anyOf and allOf');
  for (const call of check.called) {
    if (!call.isPublic) check.add(call.path, `a page for anyone (access.anyone) calls only public methods or public addresses: ${call.name} needs a session`);
  }
}

/** Every problem of one parsed definition file (`fileId`: its name without .json). */
export function checkDefinition(json: unknown, fileId: string): DefinitionProblem[] {
  const validate = schemaValidator();
  if (!validate(json)) return schemaProblems(validate.errors ?? []);
  return checkSemantics(json as ScreenDefinition, fileId);
}
