/**
 * Checks of a standalone form that a schema cannot say: its data source names the method it sends (a form reads
 * no rows), its fields are columns with the parts their input takes, the submit's and the live check's
 * parameters exist and every parameter the method needs is bound, what it does after success is one thing, and a
 * form anyone may open sends only to public methods (checkPublicPage in check-definition.ts, for every kind).
 */
import type { MethodContract } from '../../contract/define';
import type { Checker } from './checker';
import type { ScreenDefinition } from './definition-schema';

const requiredParams = (contract: MethodContract | undefined): string[] => (contract?.params as { required?: string[] } | undefined)?.required ?? [];

export function checkForm(check: Checker, definition: ScreenDefinition): void {
  const form = definition.form;
  if (!form) return;
  const path = ['form'];
  const { service, method, paging } = definition.dataSource;
  if (service !== form.submit.service || method !== form.submit.method || paging.mode !== 'client') {
    check.add(['dataSource'], `a form reads no rows: its dataSource names the method it sends (${form.submit.service}/${form.submit.method}, client paging)`);
  }
  const columns = new Set(definition.columns.map((column) => column.field));
  const fields = new Set<string>();
  const testIds = new Set<string>();
  const sent = new Set(Object.values(form.submit.params).flatMap((binding) => ('field' in binding ? [binding.field] : [])));
  form.fields.forEach((field, index) => {
    const at = [...path, 'fields', index];
    if (!columns.has(field.field)) check.add([...at, 'field'], `"${field.field}" is not a column (its label is the input's)`);
    if (fields.has(field.field)) check.add([...at, 'field'], `"${field.field}" appears twice`);
    fields.add(field.field);
    for (const testId of [field.testId, field.confirm?.testId].filter((id): id is string => id !== undefined)) {
      if (testIds.has(testId)) check.add([...at, 'testId'], `test id "${testId}" appears twice`);
      testIds.add(testId);
    }
    if (field.input === 'newPassword' && (!field.confirm || !field.policy)) check.add(at, 'a new password needs confirm and policy (the rules it is checked against)');
    if (field.input !== 'newPassword' && (field.confirm || field.policy)) check.add(at, 'confirm and policy are for a newPassword input');
    if (field.input !== 'text' && (field.context || field.trim)) check.add(at, 'context and trim are for a text input (passwords are sent as typed)');
    if (field.input === 'newPassword' && field.autoComplete && field.autoComplete !== 'new-password') check.add([...at, 'autoComplete'], 'a new password is a new-password');
    if (!field.context && !sent.has(field.field)) check.add(at, `"${field.field}" is typed but never sent: bind it in submit.params`);
    if (field.policy) {
      const checkPath = [...at, 'policy', 'check'];
      const contract = check.method(checkPath, field.policy.check.service, field.policy.check.method);
      check.param([...checkPath, 'param'], contract, field.policy.check.param, 'param');
      check.bindings([...checkPath, 'params'], contract, field.policy.check.params);
      const rules = new Set<string>();
      field.policy.rules.forEach((rule, ruleIndex) => {
        if (rules.has(rule.id)) check.add([...at, 'policy', 'rules', ruleIndex, 'id'], `rule "${rule.id}" appears twice`);
        rules.add(rule.id);
      });
    }
  });

  const submitPath = [...path, 'submit'];
  const contract = check.method(submitPath, form.submit.service, form.submit.method);
  for (const [name, binding] of Object.entries(form.submit.params)) {
    check.param([...submitPath, 'params', name], contract, name, 'parameter');
    if ('field' in binding && !fields.has(binding.field)) check.add([...submitPath, 'params', name, 'field'], `"${binding.field}" is not a field of the form`);
  }
  const bound = new Set(Object.keys(form.submit.params).map((name) => name.split('.')[0]));
  for (const name of requiredParams(contract)) {
    if (!bound.has(name)) check.add([...submitPath, 'params'], `the method needs "${name}": bind it to a field or the context`);
  }

  const { done } = form;
  if ((done.message === undefined) === (done.go === undefined)) check.add([...path, 'done'], 'after success either a message in place (message) or a route (go, with a notice if wanted)');
  if (done.notice && !done.go) check.add([...path, 'done', 'notice'], 'a notice goes with go (a message in place says it already)');
  if (done.testId && !done.message) check.add([...path, 'done', 'testId'], 'testId is the message\'s');
  if ((form.cancel || form.unavailable) && !form.back) check.add(path, 'cancel and unavailable lead back: say where (back)');
  for (const part of ['editing', 'lineEditor', 'listEditor', 'recordPage', 'recordForm', 'recordEditor', 'runner', 'board', 'linkLists', 'masterDetail', 'cards', 'addPanel', 'createForm', 'detailPanel', 'actions', 'rowForm', 'filters', 'record', 'head', 'fileTransfer'] as const) {
    if (definition[part] !== undefined) check.add([part], `a form draws its inputs: ${part} does not apply`);
  }
}
