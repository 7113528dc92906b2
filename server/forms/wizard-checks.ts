/**
 * What a wizard layout (a layout with Wizard) must hold beyond the schema: a
 * final action that exists in the service catalogue, parameters read from real
 * fields, a review page that is one of its pages, known text keys, and none of
 * the account-type properties (a wizard is served by name, not by type).
 */
import { findMethod } from '../../src/contract/catalogue';
import type { FieldTest } from '../../src/contract/services/account-schemas';
import { conditionTests } from './conditions';
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

/** Steps of a special kind: a known page (once, not the review page), its field an Integer of that page, the source a known method with Context or Value parameters. */
function checkStepKinds(wizard: LayoutFileWizard, fields: Map<string, FieldFacts>, pages: Set<string>, report: Report) {
  const seen = new Set<string>();
  (wizard.Steps ?? []).forEach((step, index) => {
    const path = `/Wizard/Steps/${index}`;
    if (!pages.has(step.Page)) report(`${path}/Page`, 'knownPage', `the step's page ${step.Page} is not a page of the wizard`);
    else if (step.Page === wizard.Review?.Page) report(`${path}/Page`, 'notReviewPage', 'the review page is drawn under the summary, not as a step of a kind');
    if (seen.has(step.Page)) report(`${path}/Page`, 'uniqueStep', `page ${step.Page} has two step kinds`);
    seen.add(step.Page);
    const field = fields.get(step.Field);
    if (!field) report(`${path}/Field`, 'knownField', `the step chooses unknown field ${step.Field}`);
    else if (field.page !== step.Page) report(`${path}/Field`, 'fieldOnPage', `${step.Field} is not a field of page ${step.Page}`);
    else if (field.type !== 'Integer' || field.options) report(`${path}/Field`, 'ruleFitsType', 'a chosen account is an Integer field without Options (its options come from the source)');
    const { Service, Method, Params } = step.Source;
    if (!findMethod(Service, Method)) report(`${path}/Source`, 'knownMethod', `${Service}.${Method} is not a method of the service catalogue`);
    for (const [param, source] of Object.entries(Params)) {
      // The options are loaded when the step opens: they may not depend on values the user is still entering.
      if ('Field' in source) report(`${path}/Source/Params/${param}`, 'sourceParam', 'a source takes Context or Value parameters, not fields');
    }
  });
}

export function checkWizard(layout: LayoutFile, wizard: LayoutFileWizard, report: Report) {
  for (const key of ACCOUNT_TYPE_ONLY) if (layout[key] !== undefined) report(`/${key}`, 'notForWizards', `${key} is for account layouts, not wizards`);
  if (!layout.Actions.includes('CREATE')) report('/Actions', 'wizardAction', 'a wizard starts from its defaults: its Actions must hold CREATE');
  if (layout.Pages.length === 0) report('/Pages', 'wizardSteps', 'a wizard needs at least one page (step)');
  const fields = fieldTypes(layout);
  const { Service, Method, Params } = wizard.Action;
  if (!findMethod(Service, Method)) report('/Wizard/Action', 'knownMethod', `${Service}.${Method} is not a method of the service catalogue`);
  for (const [param, source] of Object.entries(Params)) {
    if (!('Field' in source)) continue;
    const field = fields.get(source.Field);
    if (!field) report(`/Wizard/Action/Params/${param}`, 'knownField', `${param} reads unknown field ${source.Field}`);
    else if (source.As === 'Instant' && field.template !== 'DateTime') report(`/Wizard/Action/Params/${param}/As`, 'ruleFitsType', 'As Instant needs a field with DisplayTemplate DateTime');
  }
  checkStepKinds(wizard, fields, new Set(layout.Pages.map((page) => page.Name)), report);
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
