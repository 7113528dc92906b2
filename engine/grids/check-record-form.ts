/**
 * Checks of a record form that a schema cannot say: its fields are columns
 * with the options their input needs, ids are unique, the save's method and
 * parameters exist and its requirements are ones the method accepts.
 */
import type { Checker } from './checker';
import type { ScreenDefinition } from './definition-schema';

export function checkRecordForm(check: Checker, definition: ScreenDefinition): void {
  const form = definition.recordForm;
  if (!form) return;
  const path = ['recordForm'];
  if (definition.dataSource.paging.mode !== 'client') check.add(['dataSource', 'paging'], 'a record form edits the answer of one call: it needs client paging');
  const columns = new Set(definition.columns.map((column) => column.field));
  const ids = new Set<string>();
  form.fields.forEach((field, index) => {
    const at = [...path, 'fields', index];
    if (!columns.has(field.field)) check.add([...at, 'field'], `"${field.field}" is not a column`);
    if (field.input === 'checkList' && !field.options) check.add(at, 'a check list needs options');
    if (field.input === 'switch' && (field.options || field.required)) check.add(at, 'options and required are for check lists');
    if (field.input === 'rows') {
      if (!field.rows) check.add(at, 'rows need `rows`: the inputs of a row, a new row, and the add, remove and empty texts');
      if (field.options || field.required) check.add(at, 'options and required are for check lists (a row\'s inputs have their own)');
      const rowIds = new Set<string>();
      (field.rows?.fields ?? []).forEach((entry, at2) => {
        const entryPath = [...at, 'rows', 'fields', at2];
        if (entry.input === 'select' && !entry.options) check.add(entryPath, 'a select needs options');
        if (entry.input === 'text' && entry.options) check.add([...entryPath, 'options'], 'options are for selects');
        if (entry.input === 'select' && (entry.required || entry.maxLength)) check.add(entryPath, 'required and maxLength are for texts');
        if (rowIds.has(entry.id) || ids.has(entry.id)) check.add([...entryPath, 'id'], `id "${entry.id}" appears twice`);
        rowIds.add(entry.id);
      });
      for (const name of Object.keys(field.rows?.newRow ?? {})) {
        if (!field.rows?.fields.some((entry) => entry.field === name)) check.add([...at, 'rows', 'newRow', name], `"${name}" is no input of a row`);
      }
    } else if (field.rows) check.add([...at, 'rows'], 'rows are for the input "rows"');
    if (ids.has(field.id)) check.add([...at, 'id'], `id "${field.id}" appears twice`);
    ids.add(field.id);
  });
  const save = check.method([...path, 'save'], form.save.service, form.save.method);
  check.bindings([...path, 'save', 'params'], save, form.save.params);
  check.param([...path, 'save', 'recordParam'], save, form.save.recordParam, 'recordParam');
  // The method's own rule admits the least of them (one's own record); the handler checks more for others'.
  if (form.own) check.actionAccess([...path, 'own', 'requires'], save, form.own.requires);
  else check.actionAccess([...path, 'requires'], save, form.requires);
  for (const part of ['editing', 'lineEditor', 'listEditor', 'recordPage', 'masterDetail', 'cards', 'addPanel', 'createForm'] as const) {
    if (definition[part] !== undefined) check.add([part], `a record form draws one record: ${part} does not apply`);
  }
}
