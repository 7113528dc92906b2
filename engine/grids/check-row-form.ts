/**
 * Checks of a row form (rowForm) that a schema cannot say: its methods and parameters exist, the list's rows are
 * in the answer, each input has what it needs and nothing it ignores, the preview marks rows by a field of the
 * form, and whom it lets save the method accepts.
 */
import type { MethodContract } from '../../contract/define';
import type { Checker, Path } from './checker';
import type { ScreenDefinition } from './definition-schema';

const answerHas = (contract: MethodContract | undefined, field: string) => !contract || Object.keys((contract.result as { properties?: object }).properties ?? {}).includes(field);

export function checkRowForm(check: Checker, definition: ScreenDefinition): void {
  const form = definition.rowForm;
  if (!form) return;
  const path: Path = ['rowForm'];
  const paging = definition.dataSource.paging.mode;
  if (paging !== 'server' && paging !== 'client') check.add(path, 'a row form edits the rows of a grid');

  const list = form.list ? check.method([...path, 'list'], form.list.service, form.list.method) : undefined;
  if (form.list) {
    check.bindings([...path, 'list', 'params'], list, form.list.params);
    if (!answerHas(list, form.list.rowsPath)) check.add([...path, 'list', 'rowsPath'], `"${form.list.rowsPath}" is not a field of the method's answer`);
  }

  const save = check.method([...path, 'save'], form.save.service, form.save.method);
  check.bindings([...path, 'save', 'params'], save, form.save.params);
  const { rowsParam, rowParam } = form.save;
  if (!rowsParam === !rowParam) check.add([...path, 'save'], 'a row form stores the whole list (rowsParam) or each row alone (rowParam)');
  if (rowsParam) {
    check.param([...path, 'save', 'rowsParam'], save, rowsParam, 'rowsParam');
    if (!form.list) check.add([...path, 'list'], 'a list stored whole is loaded first: give list');
  }
  if (rowParam) {
    check.param([...path, 'save', 'rowParam'], save, rowParam, 'rowParam');
    if (form.list) check.add([...path, 'list'], 'a row stored alone needs no list');
    if (form.preview) check.add([...path, 'preview'], 'a preview shows the whole list: it needs rowsParam');
  }
  check.actionAccess([...path, 'requires'], save, form.requires);
  checkConflict(check, [...path, 'save', 'conflict'], save, form.save.conflict);
  if (form.save.create) {
    if (!rowParam) check.add([...path, 'save', 'create'], 'create is for rows stored alone (rowParam)');
    const create = check.method([...path, 'save', 'create'], form.save.create.service, form.save.create.method);
    check.bindings([...path, 'save', 'create', 'params'], create, form.save.create.params);
    check.param([...path, 'save', 'create'], create, rowParam ?? '', 'rowParam');
    check.actionAccess([...path, 'addRequires'], create, form.addRequires ?? form.requires);
  }
  const remove = form.remove;
  if (remove?.call) {
    if (!rowParam) check.add([...path, 'remove', 'call'], 'a list stored whole is saved without the row: no call');
    const contract = check.method([...path, 'remove', 'call'], remove.call.service, remove.call.method);
    check.bindings([...path, 'remove', 'call', 'params'], contract, remove.call.params);
    check.param([...path, 'remove', 'call', 'idParam'], contract, remove.call.idParam, 'idParam');
    check.actionAccess([...path, 'remove', 'requires'], contract, remove.requires ?? form.requires);
    checkConflict(check, [...path, 'remove', 'conflict'], contract, remove.conflict);
  } else if (rowParam && remove) check.add([...path, 'remove'], 'a row stored alone is removed by a call: give call');
  if (remove?.conflict && !remove.call) check.add([...path, 'remove', 'conflict'], 'conflict is for a remove call');

  const fields = new Set<string>();
  form.fields.forEach((field, index) => {
    const at = [...path, 'fields', index];
    if (fields.has(field.field)) check.add([...at, 'field'], `"${field.field}" is edited twice`);
    fields.add(field.field);
    const numeric = field.input === 'integer' || field.input === 'number';
    const textual = field.input === 'text' || field.input === 'suggest';
    if (field.input === 'select' && !field.options && !field.optionsFrom) check.add(at, 'a select field needs options or optionsFrom');
    if (field.input === 'checkList' && !field.options === !field.optionsCall) check.add(at, 'a checkList field needs options or optionsCall');
    if (field.optionsCall) {
      if (field.input !== 'checkList') check.add([...at, 'optionsCall'], 'optionsCall is for checkList fields');
      const contract = check.method([...at, 'optionsCall'], field.optionsCall.service, field.optionsCall.method);
      check.bindings([...at, 'optionsCall', 'params'], contract, field.optionsCall.params);
      for (const param of Object.keys(field.optionsCall.rowParams ?? {})) check.param([...at, 'optionsCall', 'rowParams', param], contract, param, 'rowParams');
    }
    if ((field.emptyAsNull || field.inline) && field.input !== 'checkList') check.add(at, 'emptyAsNull and inline are for checkList fields');
    if ((field.lines !== undefined || field.valueKind) && field.input !== 'text') check.add(at, 'lines and valueKind are for text fields');
    if (field.input === 'suggest' && !field.optionsFrom) check.add(at, 'a suggest field needs optionsFrom');
    if (field.options && field.input !== 'select' && field.input !== 'checkList') check.add([...at, 'options'], 'options are for select and checkList fields');
    if (field.options && field.optionsFrom) check.add([...at, 'optionsFrom'], 'options or optionsFrom, not both');
    if (field.optionsFrom && field.input !== 'select' && field.input !== 'suggest') check.add([...at, 'optionsFrom'], 'optionsFrom is for select and suggest fields');
    if (field.optionsFrom && !form.preview) check.add([...at, 'optionsFrom'], 'optionsFrom reads the preview\'s answer: the form needs a preview');
    if (field.emptyLabel && field.input !== 'select') check.add([...at, 'emptyLabel'], 'emptyLabel is for select fields');
    if (field.optionHelp && field.input !== 'select') check.add([...at, 'optionHelp'], 'optionHelp is for select fields');
    if (field.min !== undefined && !numeric) check.add([...at, 'min'], 'min is for integer and number fields');
    if (field.suffix && !numeric) check.add([...at, 'suffix'], 'suffix is for integer and number fields');
    if (field.maxLength !== undefined && !textual) check.add([...at, 'maxLength'], 'maxLength is for text and suggest fields');
    if (field.whenHidden !== undefined && !field.shownWhen) check.add([...at, 'whenHidden'], 'whenHidden is sent while shownWhen does not hold: give shownWhen');
    if (field.shownWhen?.field === field.field) check.add([...at, 'shownWhen', 'field'], 'a field cannot be shown by its own value');
  });
  form.fields.forEach((field, index) => {
    const at = [...path, 'fields', index];
    if (field.shownWhen && !fields.has(field.shownWhen.field)) check.add([...at, 'shownWhen', 'field'], `"${field.shownWhen.field}" is not a field of the form`);
    field.suffix?.forEach((suffix, place) => {
      if (suffix.when && !fields.has(suffix.when.field)) check.add([...at, 'suffix', place, 'when', 'field'], `"${suffix.when.field}" is not a field of the form`);
      if (!suffix.text === !suffix.listField) check.add([...at, 'suffix', place], 'a suffix is a text or a listField');
      if (suffix.listField && !answerHas(list, suffix.listField)) check.add([...at, 'suffix', place, 'listField'], `"${suffix.listField}" is not a field of the list's answer`);
    });
  });
  const next = form.nextValue;
  if (next) {
    const field = form.fields.find((entry) => entry.field === next.field);
    if (!field || (field.input !== 'integer' && field.input !== 'number')) check.add([...path, 'nextValue', 'field'], `"${next.field}" is not a number field of the form`);
  }

  const preview = form.preview;
  if (preview) {
    const contract = check.method([...path, 'preview'], preview.service, preview.method);
    check.bindings([...path, 'preview', 'params'], contract, preview.params);
    check.param([...path, 'preview', 'rowsParam'], contract, preview.rowsParam, 'rowsParam');
    if (!answerHas(contract, preview.rowsPath)) check.add([...path, 'preview', 'rowsPath'], `"${preview.rowsPath}" is not a field of the method's answer`);
    if (!fields.has(preview.mark.equalsField)) check.add([...path, 'preview', 'mark', 'equalsField'], `"${preview.mark.equalsField}" is not a field of the form`);
    preview.columns.forEach((column, index) => {
      if (column.currencyField && column.type !== 'money') check.add([...path, 'preview', 'columns', index, 'currencyField'], 'currencyField is for money columns');
      if (column.type === 'money' && !column.currencyField) check.add([...path, 'preview', 'columns', index], 'a money column needs its currencyField');
    });
  }
}

/** A conflict's confirmParam is a parameter of the method, which answers its status. */
function checkConflict(check: Checker, at: Path, contract: MethodContract | undefined, conflict: { status: number; confirmParam: string } | undefined): void {
  if (!conflict) return;
  check.param([...at, 'confirmParam'], contract, conflict.confirmParam, 'confirmParam');
  if (contract && !(contract.refusals as readonly number[]).includes(conflict.status)) check.add([...at, 'status'], `the method never answers ${conflict.status}`);
}
