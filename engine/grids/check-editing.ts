/**
 * Checks of editable grids a schema cannot say (see check-definition.ts):
 * expressions parse and name known columns or form parameters, rules fit
 * their input, bulk edits set editable columns or use a declared mark, and
 * the save method takes the parameters the mapping fills.
 */
import type { Checker } from './checker';
import type { EditRuleDefinition, ScreenDefinition } from './definition-schema';
import { compileExpression, expressionProblem } from './expressions';

type Path = (string | number)[];

function checkRule(check: Checker, path: Path, rule: EditRuleDefinition) {
  if (rule.input === 'select' && !rule.options) check.add(path, 'a select editor needs options');
  if (rule.input !== 'select' && rule.options) check.add([...path, 'options'], 'options are for select editors');
  if (rule.input !== 'number' && (rule.min !== undefined || rule.max !== undefined || rule.decimals !== undefined)) check.add(path, 'min, max and decimals are for number editors');
  if (rule.input !== 'text' && rule.maxLength !== undefined) check.add([...path, 'maxLength'], 'maxLength is for text editors');
  if (rule.min !== undefined && rule.max !== undefined && rule.min > rule.max) check.add(path, 'min is larger than max');
}

/**
 * An expression parses and every name is a column (PascalCase) or, where allowed, a form parameter (camelCase). A list
 * a list function reads whole may be any field of the answer's rows where the browser pages them (client paging):
 * a list is no column. Where the server pages, a computed value reads columns only.
 */
function checkExpression(check: Checker, path: Path, source: string, columns: ReadonlySet<string>, params: ReadonlySet<string>, wholeRows = false) {
  const problem = expressionProblem(source);
  if (problem) return check.add(path, `not an expression: ${problem}`);
  const compiled = compileExpression(source);
  for (const name of compiled.names) {
    if (wholeRows && compiled.lists.includes(name)) continue;
    if (/^[a-z]/.test(name) ? !params.has(name) : !columns.has(name)) {
      check.add(path, /^[a-z]/.test(name) ? `"${name}" is not a parameter of the form` : `"${name}" is not a column (add it, hidden if need be)`);
    }
  }
}

export function checkEditing(definition: ScreenDefinition, check: Checker): void {
  const columns = new Set(definition.columns.map((column) => column.field));
  const editable = new Set<string>();
  const none = new Set<string>();
  definition.columns.forEach((column, index) => {
    const path = ['columns', index];
    if (column.editable) {
      editable.add(column.field);
      checkRule(check, [...path, 'editable'], column.editable);
      if (column.compute) check.add([...path, 'editable'], 'a computed column cannot be edited');
      if (!definition.editing && !definition.lineEditor) check.add([...path, 'editable'], 'an editable column needs editing (who may edit, how edits are saved) or a lineEditor');
    }
    if (column.compute) checkExpression(check, [...path, 'compute'], column.compute, columns, none, definition.dataSource.paging.mode === 'client');
    if (column.aggregate && column.aggregate !== 'count' && column.type !== 'number' && column.type !== 'money') {
      check.add([...path, 'aggregate'], `${column.aggregate} needs a number or money column`);
    }
  });

  const editing = definition.editing;
  if (!editing) return;
  if (editable.size === 0 && !editing.bulk?.length) check.add(['editing'], 'nothing can be edited: no editable column and no bulk edit');
  if (editing.mode === 'cell' && editing.acknowledge) check.add(['editing', 'acknowledge'], 'only batch editing asks for an acknowledgement');
  const save = editing.save;
  const contract = check.method(['editing', 'save'], save.service, save.method);
  check.bindings(['editing', 'save', 'params'], contract, save.params);
  check.param(['editing', 'save', 'listParam'], contract, save.listParam, 'listParam');
  if (save.groupBy) check.param(['editing', 'save', 'groupBy', 'param'], contract, save.groupBy.param, 'groupBy.param');
  check.actionAccess(['editing', 'requires'], contract, editing.requires);

  const marks = new Set((editing.marks ?? []).map((mark) => mark.id));
  (editing.marks ?? []).forEach((mark, index) => {
    (mark.fields ?? []).forEach((field, fieldIndex) => {
      if (!columns.has(field)) check.add(['editing', 'marks', index, 'fields', fieldIndex], `"${field}" is not a column`);
    });
  });
  const ids = new Set<string>();
  (editing.bulk ?? []).forEach((bulk, index) => {
    const path = ['editing', 'bulk', index];
    if (ids.has(bulk.id)) check.add([...path, 'id'], `bulk edit "${bulk.id}" appears twice`);
    ids.add(bulk.id);
    if ((bulk.set === undefined) === (bulk.mark === undefined)) check.add(path, 'a bulk edit has either set or mark');
    if (bulk.mark && !marks.has(bulk.mark)) check.add([...path, 'mark'], `"${bulk.mark}" is not one of editing.marks`);
    const params = new Set((bulk.form ?? []).map((field) => field.param));
    (bulk.form ?? []).forEach((field, fieldIndex) => checkRule(check, [...path, 'form', fieldIndex, 'rule'], field.rule));
    for (const [field, source] of Object.entries(bulk.set ?? {})) {
      if (!editable.has(field)) check.add([...path, 'set', field], `"${field}" is not an editable column`);
      checkExpression(check, [...path, 'set', field], source, columns, params);
    }
  });
}
