/**
 * Checks of a standalone form that a schema cannot say: its data source names the method it sends (a form reads
 * no rows), its fields are columns with the parts their input takes, the submit's and the live check's
 * parameters exist and every parameter the method needs is bound, what it does after success is one thing, the
 * sign-in parts fit together (a choice or a call on opening instead of inputs), and a form anyone may open sends
 * only to public methods (checkPublicPage in check-definition.ts, for every kind).
 */
import type { MethodContract } from '../../contract/define';
import type { Checker } from './checker';
import { kindValues } from '../../contract/value-kinds';
import type { FormDefinition, FormInputDefinition, ScreenDefinition } from './definition-schema';

const requiredParams = (contract: MethodContract | undefined): string[] => (contract?.params as { required?: string[] } | undefined)?.required ?? [];

export function checkForm(check: Checker, definition: ScreenDefinition): void {
  const form = definition.form;
  if (!form) return;
  const path = ['form'];
  // What the form sends: its submit, or (a choice) nothing.
  const sends = form.submit;
  const { service, method, paging } = definition.dataSource;
  if (sends && (service !== sends.service || method !== sends.method || paging.mode !== 'client')) {
    check.add(['dataSource'], `a form reads no rows: its dataSource names the method it sends (${sends.service}/${sends.method}, client paging)`);
  }
  checkShape(check, form);
  const columns = new Set(definition.columns.map((column) => column.field));
  const fields = new Set<string>();
  const testIds = new Set<string>();
  const sent = new Set([...Object.values(sends?.params ?? {}), ...Object.values(form.prepare?.params ?? {})].flatMap((binding) => ('field' in binding ? [binding.field] : [])));
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
    if (field.input !== 'text' && (field.context || field.trim)) check.add(at, 'context and trim are for a text input (passwords and codes are sent as typed)');
    if (field.startsWith && field.input !== 'text' && field.input !== 'email') check.add([...at, 'startsWith'], 'startsWith is for a text or email input');
    if (field.invalid && field.input !== 'email') check.add([...at, 'invalid'], 'invalid is an email input\'s');
    const shown = field.input === 'qrCode' || field.input === 'secret';
    if (shown && (!field.prepared || !form.prepare)) check.add(at, `a ${field.input} shows a field of the prepare call's answer: prepared (and the form's prepare)`);
    if (!shown && (field.prepared || field.alt || field.copy)) check.add(at, 'prepared, alt and copy are for a qrCode or secret');
    if (field.input !== 'qrCode' && field.alt) check.add([...at, 'alt'], 'alt is a qrCode\'s');
    if (field.input !== 'secret' && field.copy) check.add([...at, 'copy'], 'copy is a secret\'s');
    if (field.input !== 'oneTimeCode' && field.length !== undefined) check.add([...at, 'length'], 'length is a oneTimeCode\'s');
    if (field.input === 'newPassword' && field.autoComplete && field.autoComplete !== 'new-password') check.add([...at, 'autoComplete'], 'a new password is a new-password');
    const besideOption = form.fields.some((other) => other.options?.some((option) => option.field === field.field));
    const decides = form.fields.some((other) => other.shownWhen?.field === field.field);
    if (!field.context && !shown && !sent.has(field.field) && !besideOption && !decides) check.add(at, `"${field.field}" is typed but never sent: bind it in submit.params`);
    checkInputParts(check, at, field, form.fields);
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

  if (sends) {
    const submitPath = [...path, 'submit'];
    const contract = check.method(submitPath, sends.service, sends.method);
    for (const [name, binding] of Object.entries(sends.params)) {
      check.param([...submitPath, 'params', name], contract, name, 'parameter');
      if ('field' in binding && !fields.has(binding.field)) check.add([...submitPath, 'params', name, 'field'], `"${binding.field}" is not a field of the form`);
      if ('prepared' in binding && !form.prepare) check.add([...submitPath, 'params', name, 'prepared'], 'a prepared value needs the form\'s prepare call');
    }
    const bound = new Set(Object.keys(sends.params).map((name) => name.split('.')[0]));
    for (const name of requiredParams(contract)) {
      if (!bound.has(name)) check.add([...submitPath, 'params'], `the method needs "${name}": bind it to a field, the session or the context`);
    }
  }
  if (form.send) {
    const sendPath = [...path, 'send'];
    const contract = check.method(sendPath, form.send.service, form.send.method);
    for (const name of Object.keys(form.send.params)) check.param([...sendPath, 'params', name], contract, name, 'parameter');
    for (const name of requiredParams(contract)) {
      if (!(name in form.send.params)) check.add([...sendPath, 'params'], `the method needs "${name}": bind it to the session`);
    }
    for (const [name, binding] of Object.entries(form.send.params)) {
      if ('prepared' in binding && !form.prepare) check.add([...sendPath, 'params', name, 'prepared'], 'a prepared value needs the form\'s prepare call');
    }
  }
  checkPrepare(check, form, fields);
  checkConditions(check, form);
  checkDone(check, form);
  if (sends?.requires) check.actionAccess([...path, 'submit', 'requires'], check.method([...path, 'submit'], sends.service, sends.method), sends.requires);
  if (sends?.requires && !sends.readOnly) check.add([...path, 'submit', 'readOnly'], 'say to whom requires refuses why the button is disabled (readOnly)');
  const conditions = [...(sends?.labelWhen ?? []).map((entry, index) => ({ entry, at: [...path, 'submit', 'labelWhen', index, 'field'] })), ...(form.done?.noticeWhen ?? []).map((entry, index) => ({ entry, at: [...path, 'done', 'noticeWhen', index, 'field'] }))];
  for (const { entry, at } of conditions) if (!fields.has(entry.field)) check.add(at, `"${entry.field}" is not a field of the form`);
  if (form.state) {
    const statePath = [...path, 'state'];
    check.method([...statePath, 'load'], form.state.load.service, form.state.load.method);
    const known = new Set(kindValues(form.state.valueKind));
    for (const value of Object.keys(form.state.severities)) if (!known.has(value)) check.add([...statePath, 'severities', value], `"${value}" is not a value of the kind "${form.state.valueKind}" (contract/value-kinds.ts)`);
  }
  for (const part of ['editing', 'lineEditor', 'listEditor', 'recordPage', 'recordForm', 'recordEditor', 'runner', 'board', 'linkLists', 'masterDetail', 'cards', 'addPanel', 'createForm', 'detailPanel', 'actions', 'rowForm', 'filters', 'record', 'head', 'fileTransfer'] as const) {
    if (definition[part] !== undefined) check.add([part], `a form draws its inputs: ${part} does not apply`);
  }
}

/** The prepare call: its methods and parameters; sent on opening, or a stage of its own with fields and a button. */
function checkPrepare(check: Checker, form: FormDefinition, fields: ReadonlySet<string>): void {
  const prepare = form.prepare;
  if (!prepare) return;
  const path = ['form', 'prepare'];
  const contract = check.method(path, prepare.service, prepare.method);
  const own = new Set(prepare.fields ?? []);
  for (const [name, binding] of Object.entries(prepare.params)) {
    check.param([...path, 'params', name], contract, name, 'parameter');
    if ('field' in binding && !own.has(binding.field)) check.add([...path, 'params', name, 'field'], `"${binding.field}" is not one of the prepare's fields`);
  }
  const bound = new Set(Object.keys(prepare.params).map((name) => name.split('.')[0]));
  for (const name of requiredParams(contract)) if (!bound.has(name)) check.add([...path, 'params'], `the method needs "${name}": bind it`);
  if (prepare.then) {
    const thenContract = check.method([...path, 'then'], prepare.then.service, prepare.then.method);
    for (const name of Object.keys(prepare.then.params)) check.param([...path, 'then', 'params', name], thenContract, name, 'parameter');
  }
  if (prepare.onOpen && (prepare.fields || prepare.label || prepare.testId)) check.add(path, 'a prepare sent on opening has no stage: drop fields, label and testId');
  if (!prepare.onOpen && (!prepare.fields || !prepare.label)) check.add(path, 'a prepare stage has its fields and its button (label), or is sent on opening (onOpen)');
  (prepare.fields ?? []).forEach((name, index) => {
    if (!fields.has(name)) check.add([...path, 'fields', index], `"${name}" is not a field of the form`);
  });
  if (form.open || form.choice) check.add(path, 'a prepare goes before inputs: not with open or choice');
}

/** Each condition names the session or the context (not both); `prepared` needs the form's prepare. */
function checkConditions(check: Checker, form: FormDefinition): void {
  const conditions = [
    ...(form.intro ?? []).map((entry, index) => ({ when: entry.when, at: ['form', 'intro', index, 'when'] })),
    ...(form.links ?? []).map((entry, index) => ({ when: entry.when, at: ['form', 'links', index, 'when'] })),
    ...(form.footer ?? []).map((entry, index) => ({ when: entry.when, at: ['form', 'footer', index, 'when'] })),
    { when: form.submit?.when, at: ['form', 'submit', 'when'] },
    { when: form.send?.when, at: ['form', 'send', 'when'] },
    { when: form.passkey?.when, at: ['form', 'passkey', 'when'] },
  ];
  for (const { when, at } of conditions) {
    if (!when) continue;
    if (when.session !== undefined && when.context !== undefined) check.add(at, 'a condition names the session or the context, not both');
    if (when.session === undefined && when.context === undefined && (when.is || when.isNot || when.countAbove !== undefined)) check.add(at, 'is, isNot and countAbove compare a value: name session or context');
    if (when.session === undefined && when.context === undefined && when.prepared === undefined) check.add(at, 'an empty condition: name session, context or prepared');
    if (when.prepared !== undefined && !form.prepare) check.add([...at, 'prepared'], 'prepared needs the form\'s prepare call');
  }
  (form.intro ?? []).forEach((entry, index) => {
    for (const [name, field] of Object.entries(entry.values ?? {})) {
      if (!form.fields.some((input) => input.field === field)) check.add(['form', 'intro', index, 'values', name], `"${field}" is not a field of the form`);
    }
  });
}

/** Inputs and a submit; or a choice (no submit); or a submit sent on opening (no inputs). */
function checkShape(check: Checker, form: FormDefinition): void {
  const path = ['form'];
  if (form.choice) {
    if (form.submit || form.fields.length > 0 || form.open || form.done) check.add([...path, 'choice'], 'a choice is the form: drop fields, submit, open and done');
    return;
  }
  if (!form.submit) check.add(path, 'a form sends a submit (or offers a choice)');
  if (form.open && form.fields.length > 0) check.add([...path, 'open'], 'a submit sent on opening has no inputs: drop fields');
  if (!form.open && form.fields.length === 0) check.add([...path, 'fields'], 'a form has inputs (or opens with its submit: open, or offers a choice)');
  if (form.open && (form.send || form.passkey || form.submit?.when)) check.add([...path, 'open'], 'a submit sent on opening stands alone: drop send, passkey and submit.when');
}

/** What happens after success is one thing: a message in place, a route, or the sign-in going on. */
function checkDone(check: Checker, form: FormDefinition): void {
  const path = ['form'];
  const { done } = form;
  if (form.submit && !done) check.add(path, 'say what follows success: done');
  if (done) {
    const ways = [done.message, done.go, done.session, done.stay].filter((way) => way !== undefined).length;
    if (ways !== 1) check.add([...path, 'done'], 'after success one of: a message in place (message), a route (go, with a notice if wanted), the form again (stay, with a notice), or the sign-in going on (session)');
    if ((done.notice || done.noticeWhen) && !done.go && !done.stay && !done.session?.refresh) check.add([...path, 'done', 'notice'], 'a notice goes with go, stay or session.refresh (a message in place says it already)');
    if (done.testId && !done.message) check.add([...path, 'done', 'testId'], 'testId is the message\'s');
  }
  if (form.passkey && !done?.session) check.add([...path, 'passkey'], 'a passkey signs in: the submit\'s done is the session\'s (done.session)');
  if ((form.cancel || form.unavailable) && !form.back) check.add(path, 'cancel and unavailable lead back: say where (back)');
}

/** The parts an input takes: options for a choice (a field beside one is another field of the form), units for a duration, a shownWhen naming a field. */
function checkInputParts(check: Checker, at: (string | number)[], field: FormInputDefinition, fields: readonly FormInputDefinition[]) {
  const names = new Set(fields.map((entry) => entry.field));
  if (field.input === 'choice') {
    if (!field.options) check.add(at, 'a choice needs options');
    field.options?.forEach((option, index) => {
      if (option.field && (!names.has(option.field) || option.field === field.field)) check.add([...at, 'options', index, 'field'], `"${option.field}" is not another field of the form`);
    });
    if (field.default !== undefined && !field.options?.some((option) => String(option.value) === String(field.default))) check.add([...at, 'default'], `"${field.default}" is not one of the options`);
  } else if (field.options) check.add([...at, 'options'], 'options are for a choice');
  if (field.input === 'duration') {
    if (!field.units) check.add(at, 'a duration needs units');
  } else if (field.units || field.unitLabel || field.min !== undefined || field.max !== undefined) check.add(at, 'units, unitLabel, min and max are for a duration');
  if (field.shownWhen && (!names.has(field.shownWhen.field) || field.shownWhen.field === field.field)) check.add([...at, 'shownWhen', 'field'], `"${field.shownWhen.field}" is not another field of the form`);
}
