/**
 * Checks of a record editor that a schema cannot say: its calls and their parameters exist, the values
 * it reads are in the loaded record's answer (as far as it is declared), call actions name a method,
 * ids are unique test ids, a lookup names its options and a select its values, and the lines have the
 * definition's lineEditor to draw them.
 */
import type { MethodContract } from '../../contract/define';
import type { Checker, Path } from './checker';
import { schemaAllowsPath } from './check-record-page';
import type { EditorFieldDefinition, RecordConditionDefinition, ScreenDefinition } from './definition-schema';

const unique = (check: Checker, path: Path, ids: readonly string[], what: string) => {
  const seen = new Set<string>();
  ids.forEach((id, index) => {
    if (seen.has(id)) check.add([...path, index, 'id'], `${what} "${id}" appears twice`);
    seen.add(id);
  });
};

export function checkRecordEditor(check: Checker, definition: ScreenDefinition): void {
  const editor = definition.recordEditor;
  if (!editor) return;
  const root = ['recordEditor'];
  const record = check.method([...root, 'load'], editor.load.service, editor.load.method);
  check.bindings([...root, 'load', 'params'], record, editor.load.params);
  const create = check.method([...root, 'create'], editor.create.service, editor.create.method);
  check.param([...root, 'create', 'param'], create, editor.create.param, 'param');
  const update = check.method([...root, 'update'], editor.update.service, editor.update.method);
  check.param([...root, 'update', 'param'], update, editor.update.param, 'param');
  // Values of the record: in its answer, or a property the form itself keeps (a lookup's label).
  const kept = new Set(editor.fields.flatMap((field) => [field.field, field.labelAs ?? '']));
  const value = (path: Path, name: string) => {
    const parts = name.split('.').filter((part) => !/^\d+$/.test(part));
    if (!kept.has(name) && record && !schemaAllowsPath(record.result, parts)) check.add(path, `"${name}" is not in the record's answer`);
  };
  const conditions = (path: Path, list: readonly RecordConditionDefinition[] | undefined) => list?.forEach((condition, index) => value([...path, index, 'field'], condition.field));
  const textValues = (path: Path, values: Record<string, string | { field: string }> | undefined) => {
    for (const [name, ref] of Object.entries(values ?? {})) value([...path, 'values', name], typeof ref === 'string' ? ref : ref.field);
  };
  const fields = (path: Path, list: readonly EditorFieldDefinition[]) => {
    unique(check, path, list.map((field) => field.id), 'field');
    list.forEach((field, index) => {
      const at = [...path, index];
      if ((field.input === 'select' || field.input === 'lookup') && !field.options && !field.optionsFrom) check.add(at, `a ${field.input} needs options or optionsFrom`);
      if (field.input === 'lookup' && !field.optionsFrom) check.add(at, 'a lookup needs optionsFrom');
      if (field.optionsFrom) check.bindings([...at, 'optionsFrom', 'params'], check.method([...at, 'optionsFrom'], field.optionsFrom.service, field.optionsFrom.method), field.optionsFrom.params);
      if (field.input === 'file' && !field.accept) check.add(at, 'a file needs accept');
    });
  };

  textValues([...root, 'title'], editor.title.values);
  if (editor.status) value([...root, 'status', 'field'], editor.status.field);
  conditions([...root, 'editableWhen'], editor.editableWhen);
  (editor.subtitle ?? []).forEach((line, index) => {
    textValues([...root, 'subtitle', index], line.values);
    conditions([...root, 'subtitle', index, 'when'], line.when);
  });
  fields([...root, 'fields'], editor.fields);
  // The header form's fields are what a save sends: properties of the create call's record.
  editor.fields.forEach((field, index) => {
    if (create && !schemaAllowsPath(create.params, [editor.create.param, ...field.field.split('.')])) check.add([...root, 'fields', index, 'field'], `"${field.field}" is not a property of ${editor.create.method}'s ${editor.create.param}`);
  });
  if (editor.lines && !definition.lineEditor) check.add([...root, 'lines'], 'the lines are drawn by the definition\'s lineEditor: add one');
  if (editor.lines) value([...root, 'lines', 'field'], editor.lines.field);
  for (const [index, notice] of [...(editor.notices ?? []), ...editor.actions].entries()) {
    const at = index < (editor.notices ?? []).length ? [...root, 'notices', index] : [...root, 'actions', index - (editor.notices ?? []).length];
    conditions([...at, 'when'], notice.when);
    if (notice.kind === 'notice') {
      textValues(at, notice.values);
      if (notice.details) {
        notice.details.lines.forEach((line, lineIndex) => textValues([...at, 'details', 'lines', lineIndex], line.values));
        const download = notice.details.download;
        if (download) {
          const contract = check.method([...at, 'details', 'download'], download.service, download.method);
          for (const param of Object.keys(download.recordParams)) check.param([...at, 'details', 'download', 'recordParams', param], contract, param, 'parameter');
          value([...at, 'details', 'download', 'fileName'], download.fileName);
        }
      }
      continue;
    }
    if (notice.kind === 'call') {
      if (!notice.service || !notice.method) {
        check.add(at, 'a call action needs service and method');
        continue;
      }
      const contract: MethodContract | undefined = check.method(at, notice.service, notice.method);
      for (const [param, path] of Object.entries(notice.recordParams ?? {})) {
        check.param([...at, 'recordParams', param], contract, param.replace(/\[\]$/, ''), 'parameter');
        value([...at, 'recordParams', param], path);
      }
      check.bindings([...at, 'params'], contract, notice.params);
      if (notice.requires) check.actionAccess([...at, 'requires'], contract, notice.requires);
      if (notice.form) {
        fields([...at, 'form', 'fields'], notice.form.fields);
        notice.form.fields.forEach((field, fieldIndex) => check.param([...at, 'form', 'fields', fieldIndex, 'field'], contract, field.field, 'parameter'));
      }
      if (notice.result === 'leave' && !notice.leaveTo) check.add(at, 'a leave result needs leaveTo');
    } else if (notice.service || notice.method || notice.form) check.add(at, 'a save action calls the editor\'s create or update');
  }
  const ids = editor.actions.flatMap((entry) => (entry.id ? [entry.id] : []));
  unique(check, [...root, 'actions'], ids, 'action');
}
