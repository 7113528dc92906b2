/**
 * Checks of a list editor that a schema cannot say: its fields are columns
 * with the options their input needs, its methods and parameters exist, and
 * its requirement is one the save and run accept.
 */
import type { ScreenDefinition } from './definition-schema';
import type { Checker } from './checker';

export function checkListEditor(check: Checker, definition: ScreenDefinition): void {
  const editor = definition.listEditor;
  if (!editor) return;
  const path = ['listEditor'];
  if (definition.dataSource.paging.mode !== 'client') check.add(path, 'a list editor edits every row at once: it needs client paging');
  if (!definition.dataSource.rowId) check.add(path, 'a list editor sends the rows with their id: the data source needs rowId');
  const columns = new Set(definition.columns.map((column) => column.field));
  editor.fields.forEach((field, index) => {
    const at = [...path, 'fields', index];
    if (!columns.has(field.field)) check.add([...at, 'field'], `"${field.field}" is not a column`);
    if (field.input === 'select' && !field.options) check.add(at, 'a select field needs options');
    if (field.input === 'many' && !field.optionsFrom) check.add(at, 'a many field needs optionsFrom');
    if (field.input !== 'select' && field.options) check.add([...at, 'options'], 'options are for select fields (many and tags read optionsFrom)');
  });
  for (const name of Object.keys(editor.newRow)) {
    if (!editor.fields.some((field) => field.field === name)) check.add([...path, 'newRow', name], `"${name}" is not a field of the editor`);
  }
  const save = check.method([...path, 'save'], editor.save.service, editor.save.method);
  check.bindings([...path, 'save', 'params'], save, editor.save.params);
  check.param([...path, 'save', 'rowsParam'], save, editor.save.rowsParam, 'rowsParam');
  if (editor.save.conflict) {
    check.param([...path, 'save', 'conflict', 'confirmParam'], save, editor.save.conflict.confirmParam, 'confirmParam');
    if (save && !(save.refusals as readonly number[]).includes(editor.save.conflict.status)) check.add([...path, 'save', 'conflict', 'status'], `the method never answers ${editor.save.conflict.status}`);
  }
  check.actionAccess([...path, 'requires'], save, editor.requires);
  const preview = check.method([...path, 'preview'], editor.preview.service, editor.preview.method);
  check.bindings([...path, 'preview', 'params'], preview, editor.preview.params);
  check.param([...path, 'preview', 'rowsParam'], preview, editor.preview.rowsParam, 'rowsParam');
  const run = check.method([...path, 'run'], editor.run.service, editor.run.method);
  check.bindings([...path, 'run', 'params'], run, editor.run.params);
  check.actionAccess([...path, 'requires'], run, editor.requires);
}
