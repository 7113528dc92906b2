/**
 * Checks of create forms, secrets shown once and master–detail actions that a
 * schema cannot say: their methods and parameters exist, options are given
 * where an input needs them, a secret is read from a single call's answer, and
 * detail actions name fields their rows have.
 */
import type { ScreenDefinition } from './definition-schema';
import type { Checker } from './checker';
import type { MethodContract } from '../../contract/define';

const answerHas = (contract: MethodContract, field: string) => Object.keys((contract.result as { properties?: object }).properties ?? {}).includes(field);

export function checkForms(check: Checker, definition: ScreenDefinition): void {
  const form = definition.createForm;
  if (form) {
    const path = ['createForm'];
    const contract = check.method(path, form.service, form.method);
    check.bindings([...path, 'params'], contract, form.params);
    if (form.requires) check.actionAccess([...path, 'requires'], contract, form.requires);
    const params = new Set<string>();
    form.fields.forEach((field, index) => {
      const at = [...path, 'fields', index];
      check.param([...at, 'param'], contract, field.param, 'param');
      if (params.has(field.param)) check.add([...at, 'param'], `"${field.param}" is asked twice`);
      params.add(field.param);
      const needsOptions = field.input === 'select' || field.input === 'checkList';
      if (needsOptions && !field.options && !(field.input === 'select' && field.optionsFrom)) check.add(at, `a ${field.input} field needs options`);
      if (field.optionsFrom) {
        if (field.input !== 'select') check.add([...at, 'optionsFrom'], 'optionsFrom is for select fields');
        if (field.options) check.add([...at, 'optionsFrom'], 'options or optionsFrom, not both');
        check.bindings([...at, 'optionsFrom', 'params'], check.method([...at, 'optionsFrom'], field.optionsFrom.service, field.optionsFrom.method), field.optionsFrom.params);
      }
      if (field.lines !== undefined && field.input !== 'text') check.add([...at, 'lines'], 'lines is for text fields');
      if (field.input !== 'number') for (const key of ['nonZero', 'invalid'] as const) if (field[key] !== undefined) check.add([...at, key], `${key} is for number fields`);
      if (field.input === 'number' && field.default !== undefined && typeof field.default !== 'number') check.add([...at, 'default'], 'a number field opens with a number');
      if (!needsOptions && field.options) check.add([...at, 'options'], `a ${field.input} field takes no options`);
      if (field.maxLength !== undefined && field.input !== 'text' && field.input !== 'list') check.add([...at, 'maxLength'], 'maxLength is for text and list fields');
      if (field.input === 'checkList' && field.default !== undefined && !Array.isArray(field.default)) check.add([...at, 'default'], 'a checkList field opens with an array of values');
      if (field.input === 'file' && !field.file) check.add(at, 'a file field needs file (nameParam, extensions, refused)');
      if (field.file && field.input !== 'file') check.add([...at, 'file'], 'file is for file fields');
      if (field.file) check.param([...at, 'file', 'nameParam'], contract, field.file.nameParam, 'nameParam');
      const into = field.file?.nameInto;
      if (into && !form.fields.some((other) => other.param === into && other.input === 'text')) check.add([...at, 'file', 'nameInto'], `"${into}" is not a text field of the form`);
      (field.options ?? []).forEach((option, optionIndex) => {
        if (option.hint && field.input !== 'select') check.add([...at, 'options', optionIndex, 'hint'], 'a hint is shown under a select');
      });
    });
    (form.downloads ?? []).forEach((download, index) => {
      const at = [...path, 'downloads', index];
      const method = check.method(at, download.service, download.method);
      if (Object.keys(download.fields).length === 0) check.add([...at, 'fields'], 'a download follows the field it reads: name at least one');
      if (method && !answerHas(method, 'Content')) check.add(at, `${download.service}/${download.method} does not answer a file ({FileName, ContentType, Content})`);
      for (const [param, field] of Object.entries(download.fields)) {
        check.param([...at, 'fields', param], method, param, 'parameter');
        if (!params.has(field)) check.add([...at, 'fields', param], `"${field}" is not a field of the form`);
      }
    });
    if (form.openRow) {
      if (contract && !answerHas(contract, form.openRow)) check.add([...path, 'openRow'], `"${form.openRow}" is not a field of the method's answer`);
      if (!definition.detailPanel) check.add([...path, 'openRow'], 'openRow opens the new row\'s detail panel: the definition has none');
    }
    if (form.openAfter) for (const [, field] of form.openAfter.matchAll(/\{([A-Za-z][A-Za-z0-9_]*)\}/g)) if (contract && !answerHas(contract, field)) check.add([...path, 'openAfter'], `"${field}" is not a field of the method's answer`);
    const paging = definition.dataSource.paging.mode;
    if (paging !== 'server' && paging !== 'client') check.add(path, 'a create form is drawn above the rows of a grid');
  }

  (definition.actions ?? []).forEach((action, index) => {
    if (!action.shownOnce) return;
    if (action.ids.as !== 'single' || action.scope !== 'row') check.add(['actions', index, 'shownOnce'], 'a secret is shown from the answer of one call on one row: ids.as single and scope row');
  });

  const detail = definition.masterDetail;
  if (!detail) return;
  if (!detail.load && !detail.rowsPath) check.add(['masterDetail', 'rowsPath'], 'without load the detail rows are a field of the master row: rowsPath names it');
  const detailFields = new Set([...detail.columns.map((column) => column.field), ...(detail.inherit ?? [])]);
  const masterFields = new Set([...definition.columns.map((column) => column.field), definition.dataSource.rowId]);
  const ids = new Set<string>();
  (detail.actions ?? []).forEach((action, index) => {
    const path = ['masterDetail', 'actions', index];
    if (ids.has(action.id)) check.add([...path, 'id'], `action "${action.id}" appears twice`);
    ids.add(action.id);
    const contract = check.method(path, action.service, action.method);
    check.bindings([...path, 'params'], contract, action.params);
    check.actionAccess([...path, 'requires'], contract, action.requires);
    const known = action.scope === 'row' ? detailFields : masterFields;
    for (const [param, field] of Object.entries(action.fields)) {
      check.param([...path, 'fields', param], contract, param, 'parameter');
      if (!known.has(field)) check.add([...path, 'fields', param], `"${field}" is not a field of the ${action.scope === 'row' ? 'detail rows (a column or inherited)' : 'master rows'}`);
    }
    if (action.enabledWhen && action.scope !== 'row') check.add([...path, 'enabledWhen'], 'enabledWhen is for row actions');
    if (action.enabledWhen && !detailFields.has(action.enabledWhen.field)) check.add([...path, 'enabledWhen', 'field'], `"${action.enabledWhen.field}" is not a detail column`);
    if (action.countWhen && action.scope !== 'all') check.add([...path, 'countWhen'], 'countWhen is for actions on all rows');
    if (action.countWhen && !detailFields.has(action.countWhen.field)) check.add([...path, 'countWhen', 'field'], `"${action.countWhen.field}" is not a detail column`);
  });
}
