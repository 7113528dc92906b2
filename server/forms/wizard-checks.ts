/**
 * What a wizard layout (a layout with Wizard) must hold beyond the schema: a
 * final action and calls between steps that exist in the service catalogue,
 * values read from real fields and from answers and chosen rows that exist by
 * then, steps of a kind that fit their page, a review page that is one of its
 * pages, known text keys, and none of the account-type properties (a wizard is
 * served by name, not by type).
 */
import { findMethod } from '../../contract/catalogue';
import type { FieldTest } from '../../contract/services/account-schemas';
import { conditionTests } from '../../engine/shared/conditions';
import type { WizardChooseAccount, WizardChooseRow, WizardColumn, WizardLine, WizardParam, WizardTable, WizardValue } from '../../contract/services/wizard-schemas';
import type { LayoutFile, LayoutFileWizard } from './layout-file-schema';
import { hasEnglishText } from './layout-texts';

type Report = (path: string, rule: string, message: string) => void;

const ACCOUNT_TYPE_ONLY = ['Products', 'ParentTypes', 'DisplayName', 'IdentificatorPrefix', 'MetaRules'] as const;

type FieldFacts = { type: string | undefined; template: string | undefined; page: string; options: boolean };

/** Every field of the layout with its type and page, by name. */
function fieldTypes(layout: LayoutFile): Map<string, FieldFacts> {
  const types = new Map<string, FieldFacts>();
  for (const page of layout.Pages)
    for (const container of page.Containers)
      for (const field of container.Fields) types.set(field.Name, { type: field.Type, template: field.DisplayTemplate, page: page.Name, options: Boolean(field.Options || field.RemoteEnum) });
  return types;
}

/** What the values of a wizard may name: its fields, answers (Into of sources and calls, with the page from which each exists) and ChooseRow fields. */
interface Names {
  fields: Map<string, FieldFacts>;
  /** Answer name → index of the first page that may read it. */
  answers: Map<string, number>;
  /** ChooseRow field → index of its page. */
  rows: Map<string, number>;
  pageIndex: Map<string, number>;
  accountForms: Set<string>;
}

/** A value read at page `at` (Infinity: the review and final call): its field, answer or row must exist by then. */
function checkValue(value: WizardValue, at: number, names: Names, path: string, report: Report) {
  if ('Field' in value && !names.fields.has(value.Field)) report(path, 'knownField', `reads unknown field ${value.Field}`);
  if ('Answer' in value) {
    const from = names.answers.get(value.Answer);
    if (from === undefined) report(path, 'knownAnswer', `no source or call keeps an answer named ${value.Answer}`);
    else if (from > at) report(path, 'answerBefore', `the answer ${value.Answer} does not exist yet at this step`);
  }
  if ('Row' in value) {
    const from = names.rows.get(value.Row);
    if (from === undefined) report(path, 'knownRow', `${value.Row} is not the field of a ChooseRow step`);
    else if (from > at) report(path, 'answerBefore', `the row of ${value.Row} is not chosen yet at this step`);
  }
}

function checkParams(params: Record<string, WizardParam>, at: number, names: Names, path: string, report: Report) {
  for (const [name, param] of Object.entries(params)) {
    if (!('Object' in param)) {
      checkValue(param, at, names, `${path}/${name}`, report);
      continue;
    }
    if (param.Values !== undefined && !names.accountForms.has(param.Values)) report(`${path}/${name}/Values`, 'knownPage', `${param.Values} is not the page of an AccountForm step`);
    for (const [key, value] of Object.entries(param.Object)) checkValue(value, at, names, `${path}/${name}/Object/${key}`, report);
  }
}

function checkLine(line: WizardLine, at: number, names: Names, layout: LayoutFile, path: string, report: Report) {
  if (!hasEnglishText(layout, line.Label)) report(`${path}/Label`, 'textKey', `text key ${line.Label} is unknown`);
  for (const test of line.When ? conditionTests(line.When) : []) {
    const answer = test.Field.split('.')[0];
    if (!names.fields.has(test.Field) && !(test.Field.includes('.') && names.answers.has(answer))) report(`${path}/When`, 'knownField', `When reads unknown field or answer ${test.Field}`);
  }
  for (const [name, shown] of Object.entries(line.Params ?? {})) {
    checkValue(shown, at, names, `${path}/Params/${name}`, report);
    if (shown.Currency) checkValue(shown.Currency, at, names, `${path}/Params/${name}/Currency`, report);
    for (const key of [shown.Present, shown.Absent, ...Object.values(shown.Texts ?? {})]) if (key && !hasEnglishText(layout, key)) report(`${path}/Params/${name}`, 'textKey', `text key ${key} is unknown`);
  }
}

/** A column's title and texts (a ChooseRow step's, a screen table's), and the answer its Equals compares with (read at page `at`). */
function checkColumns(columns: readonly WizardColumn[], at: number, names: Names, layout: LayoutFile, path: string, report: Report) {
  columns.forEach((column, c) => {
    for (const key of [column.Label, column.Present, column.Absent, column.Text, ...Object.values(column.Texts ?? {})]) if (key && !hasEnglishText(layout, key)) report(`${path}/Columns/${c}`, 'textKey', `text key ${key} is unknown`);
    if (!column.Equals) return;
    checkValue(column.Equals, at, names, `${path}/Columns/${c}/Equals`, report);
    if (column.Present === undefined || column.Absent === undefined) report(`${path}/Columns/${c}/Equals`, 'equalsTexts', 'Equals writes the Present or the Absent text: give both');
  });
}

/** A table of a screen (the subject's, the outcome's): rows of an answer that exists at `at`, its texts and columns. */
function checkTable(table: WizardTable, at: number, names: Names, layout: LayoutFile, path: string, report: Report) {
  checkValue(table.Rows, at, names, `${path}/Rows`, report);
  for (const key of ['Title', 'More'] as const) if (table[key] !== undefined && !hasEnglishText(layout, table[key])) report(`${path}/${key}`, 'textKey', `text key ${table[key]} is unknown`);
  if (table.More !== undefined && table.Limit === undefined) report(`${path}/More`, 'moreNeedsLimit', 'More tells the rows beyond Limit: give a Limit');
  checkColumns(table.Columns, at, names, layout, path, report);
}

/** The field a step chooses: a field of its page, of the type the kind fills, without options of its own. */
function checkChosenField(step: WizardChooseAccount | WizardChooseRow, names: Names, path: string, report: Report) {
  const field = names.fields.get(step.Field);
  const types = step.Kind === 'ChooseAccount' ? ['Integer'] : ['Integer', 'String', undefined];
  if (!field) report(`${path}/Field`, 'knownField', `the step chooses unknown field ${step.Field}`);
  else if (field.page !== step.Page) report(`${path}/Field`, 'fieldOnPage', `${step.Field} is not a field of page ${step.Page}`);
  else if (!types.includes(field.type) || field.options)
    report(`${path}/Field`, 'ruleFitsType', step.Kind === 'ChooseAccount' ? 'a chosen account is an Integer field without Options (its options come from the source)' : 'a chosen row is a String or Integer field without Options (the rows are its choices)');
}

/** Steps of a special kind: a known page (once, not the review page) and what each kind reads. */
function checkStepKinds(wizard: LayoutFileWizard, layout: LayoutFile, names: Names, report: Report) {
  const seen = new Set<string>();
  (wizard.Steps ?? []).forEach((step, index) => {
    const path = `/Wizard/Steps/${index}`;
    const at = names.pageIndex.get(step.Page) ?? -1;
    if (at < 0) report(`${path}/Page`, 'knownPage', `the step's page ${step.Page} is not a page of the wizard`);
    else if (step.Page === wizard.Review?.Page) report(`${path}/Page`, 'notReviewPage', 'the review page is drawn under the summary, not as a step of a kind');
    if (seen.has(step.Page)) report(`${path}/Page`, 'uniqueStep', `page ${step.Page} has two step kinds`);
    seen.add(step.Page);
    if (step.Kind === 'AccountForm') {
      const page = layout.Pages.find((entry) => entry.Name === step.Page);
      if (page && page.Containers.length > 0) report(`${path}/Page`, 'accountFormPage', 'an AccountForm page has no containers: its fields are the account type\'s layout');
      for (const key of ['Action', 'ProductName', 'AccountId', 'Views', 'ParentAccountId'] as const) {
        const value = step[key];
        if (value) checkValue(value, at, names, `${path}/${key}`, report);
      }
      (step.Title ?? []).forEach((line, t) => checkLine(line, at, names, layout, `${path}/Title/${t}`, report));
      return;
    }
    checkChosenField(step, names, path, report);
    const { Service, Method, Params } = step.Source;
    if (!findMethod(Service, Method)) report(`${path}/Source`, 'knownMethod', `${Service}.${Method} is not a method of the service catalogue`);
    for (const [param, source] of Object.entries(Params)) {
      // The options are loaded when the step opens: they may not depend on values the user is still entering.
      if ('Field' in source) report(`${path}/Source/Params/${param}`, 'sourceParam', 'a source takes Context, Value or earlier answers, not fields');
    }
    checkParams(Params, at, names, `${path}/Source/Params`, report);
    if (step.Kind !== 'ChooseRow') return;
    checkColumns(step.Columns, at, names, layout, path, report);
    if (step.Intro) checkLine(step.Intro, at, names, layout, `${path}/Intro`, report);
    if (step.Empty && !hasEnglishText(layout, step.Empty)) report(`${path}/Empty`, 'textKey', `text key ${step.Empty} is unknown`);
  });
}

/** Calls between steps: after a known page that is not the last step, a known method, a unique answer name, values that exist by then. */
function checkCalls(wizard: LayoutFileWizard, names: Names, lastStep: number, report: Report) {
  (wizard.Calls ?? []).forEach((call, index) => {
    const path = `/Wizard/Calls/${index}`;
    const at = names.pageIndex.get(call.After);
    if (at === undefined) report(`${path}/After`, 'knownPage', `${call.After} is not a page of the wizard`);
    else if (at >= lastStep || call.After === wizard.Review?.Page) report(`${path}/After`, 'callBeforeLast', 'a call between steps needs a step after it (the last step makes the final call)');
    if (!findMethod(call.Service, call.Method)) report(path, 'knownMethod', `${call.Service}.${call.Method} is not a method of the service catalogue`);
    if ((wizard.Calls ?? []).some((other, position) => position < index && other.After === call.After)) report(`${path}/After`, 'uniqueCall', `page ${call.After} has two calls`);
    checkParams(call.Params, at ?? -1, names, `${path}/Params`, report);
  });
}

/** Every name a value may read, and from which page on. */
function wizardNames(layout: LayoutFile, wizard: LayoutFileWizard, report: Report): Names {
  const pageIndex = new Map(layout.Pages.map((page, index) => [page.Name, index]));
  const answers = new Map<string, number>();
  const rows = new Map<string, number>();
  const keep = (name: string, from: number, path: string) => {
    if (answers.has(name)) report(path, 'uniqueAnswer', `two sources or calls keep an answer named ${name}`);
    answers.set(name, from);
  };
  (wizard.Steps ?? []).forEach((step, index) => {
    const at = pageIndex.get(step.Page) ?? Infinity;
    if (step.Kind === 'AccountForm') return;
    if (step.Source.Into) keep(step.Source.Into, at, `/Wizard/Steps/${index}/Source/Into`);
    if (step.Kind === 'ChooseRow') rows.set(step.Field, at);
  });
  // The screen's subject is loaded before any step: every page may read its answer.
  if (wizard.Screen?.Subject) keep(wizard.Screen.Subject.Source.Into, -1, '/Wizard/Screen/Subject/Source/Into');
  (wizard.Calls ?? []).forEach((call, index) => keep(call.Into, (pageIndex.get(call.After) ?? Infinity) + 1, `/Wizard/Calls/${index}/Into`));
  const accountForms = new Set((wizard.Steps ?? []).flatMap((step) => (step.Kind === 'AccountForm' ? [step.Page] : [])));
  return { fields: fieldTypes(layout), answers, rows, pageIndex, accountForms };
}

/** The screen around the steps: known texts and method, notes reading what exists before any step, a success line and an outcome that may read the final answer. */
function checkScreen(wizard: LayoutFileWizard, layout: LayoutFile, names: Names, report: Report) {
  const screen = wizard.Screen;
  const into = wizard.Action.Into;
  if (into !== undefined && names.answers.has(into)) report('/Wizard/Action/Into', 'uniqueAnswer', `two sources or calls keep an answer named ${into}`);
  if (!screen) return;
  const text = (key: string | undefined, path: string) => {
    if (key !== undefined && !hasEnglishText(layout, key)) report(path, 'textKey', `text key ${key} is unknown`);
  };
  text(screen.Title, '/Wizard/Screen/Title');
  text(screen.Intro, '/Wizard/Screen/Intro');
  const subject = screen.Subject;
  if (subject) {
    text(subject.Label, '/Wizard/Screen/Subject/Label');
    const { Service, Method } = subject.Source;
    if (!findMethod(Service, Method)) report('/Wizard/Screen/Subject/Source', 'knownMethod', `${Service}.${Method} is not a method of the service catalogue`);
    for (const key of ['Tags', 'Lines'] as const) (subject[key] ?? []).forEach((line, index) => checkLine(line, -1, names, layout, `/Wizard/Screen/Subject/${key}/${index}`, report));
    for (const key of ['Stop', 'Notes'] as const)
      (subject[key] ?? []).forEach((note, index) => {
        const path = `/Wizard/Screen/Subject/${key}/${index}`;
        checkLine(note, -1, names, layout, path, report);
        if (!note.Button) return;
        text(note.Button.Label, `${path}/Button/Label`);
        text(note.Button.Success, `${path}/Button/Success`);
        if (!findMethod(note.Button.Service, note.Button.Method)) report(`${path}/Button`, 'knownMethod', `${note.Button.Service}.${note.Button.Method} is not a method of the service catalogue`);
        checkParams(note.Button.Params, -1, names, `${path}/Button/Params`, report);
      });
    (subject.Tables ?? []).forEach((table, index) => checkTable(table, -1, names, layout, `/Wizard/Screen/Subject/Tables/${index}`, report));
  }
  // After the final call: every answer, the final one under Action.Into too.
  const answers = new Map(names.answers);
  if (into !== undefined) answers.set(into, Infinity);
  const after = { ...names, answers };
  (screen.Success ?? []).forEach((line, index) => checkLine(line, Infinity, after, layout, `/Wizard/Screen/Success/${index}`, report));
  (screen.Outcome?.Lines ?? []).forEach((line, index) => checkLine(line, Infinity, after, layout, `/Wizard/Screen/Outcome/Lines/${index}`, report));
  (screen.Outcome?.Tables ?? []).forEach((table, index) => checkTable(table, Infinity, after, layout, `/Wizard/Screen/Outcome/Tables/${index}`, report));
}

export function checkWizard(layout: LayoutFile, wizard: LayoutFileWizard, report: Report) {
  for (const key of ACCOUNT_TYPE_ONLY) if (layout[key] !== undefined) report(`/${key}`, 'notForWizards', `${key} is for account layouts, not wizards`);
  if (!layout.Actions.includes('CREATE')) report('/Actions', 'wizardAction', 'a wizard starts from its defaults: its Actions must hold CREATE');
  if (layout.Pages.length === 0) report('/Pages', 'wizardSteps', 'a wizard needs at least one page (step)');
  const names = wizardNames(layout, wizard, report);
  const { fields } = names;
  const { Service, Method, Params } = wizard.Action;
  if (!findMethod(Service, Method)) report('/Wizard/Action', 'knownMethod', `${Service}.${Method} is not a method of the service catalogue`);
  for (const [param, source] of Object.entries(Params)) {
    if (!('Field' in source)) continue;
    const field = fields.get(source.Field);
    if (!field) report(`/Wizard/Action/Params/${param}`, 'knownField', `${param} reads unknown field ${source.Field}`);
    else if (source.As === 'Instant' && field.template !== 'DateTime') report(`/Wizard/Action/Params/${param}/As`, 'ruleFitsType', 'As Instant needs a field with DisplayTemplate DateTime');
  }
  checkParams(
    Object.fromEntries(Object.entries(Params).filter(([, source]) => !('Field' in source))),
    Infinity,
    names,
    '/Wizard/Action/Params',
    report,
  );
  checkStepKinds(wizard, layout, names, report);
  checkScreen(wizard, layout, names, report);
  // With a review step every page has a step after it; without, the last page makes the final call.
  checkCalls(wizard, names, wizard.Review ? Infinity : layout.Pages.length - 1, report);
  (wizard.Review?.Lines ?? []).forEach((line, index) => checkLine(line, Infinity, names, layout, `/Wizard/Review/Lines/${index}`, report));
  const reviewPage = wizard.Review?.Page;
  if (reviewPage !== undefined) {
    const index = layout.Pages.findIndex((page) => page.Name === reviewPage);
    if (index < 0) report('/Wizard/Review/Page', 'knownPage', `the review page ${reviewPage} is not a page of the wizard`);
    else if (index !== layout.Pages.length - 1) report('/Wizard/Review/Page', 'reviewPageLast', 'the review page must be the last page');
    else if (layout.Pages.length < 2) report('/Wizard/Review/Page', 'wizardSteps', 'the review page cannot be the only page');
  }
  if (wizard.Review && !hasEnglishText(layout, wizard.Review.Label)) report('/Wizard/Review/Label', 'textKey', `text key ${wizard.Review.Label} is unknown`);
  wizard.SubmitLabels.forEach((entry, index) => {
    const path = `/Wizard/SubmitLabels/${index}`;
    if (!hasEnglishText(layout, entry.Label)) report(`${path}/Label`, 'textKey', `text key ${entry.Label} is unknown`);
    (entry.When ? conditionTests(entry.When) : []).forEach((test: FieldTest) => {
      if (!fields.has(test.Field)) report(`${path}/When`, 'knownField', `When reads unknown field ${test.Field}`);
    });
    if (index === wizard.SubmitLabels.length - 1 && entry.When) report(`${path}/When`, 'fallbackLabel', 'the last submit label is the fallback: it has no When');
  });
}
