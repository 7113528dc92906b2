/**
 * Checks a schema-valid layout file for what JSON Schema cannot say: unique
 * names, conditions and dependencies naming real fields, rules that fit the
 * type, patterns that compile, defaults that fit, known text keys. Each problem
 * names the JSON path and the rule.
 */
import { linearPattern } from '../../contract/linear-pattern-eager';
import { SUPPORTED_LOCALES } from '../../contract/locales';
import type { FieldTest } from '../../contract/services/account-schemas';
import { conditionTests } from '../../engine/shared/conditions';
import { hasEnglishText } from './layout-texts';
import type { LayoutFile, LayoutFileField } from './layout-file-schema';
import { validateSavedValue } from './validate-value';
import { checkWizard } from './wizard-checks';

export interface LayoutProblem {
  file: string;
  /** JSON pointer into the file, e.g. /Pages/0/Containers/1/Fields/2/Pattern. */
  path: string;
  rule: string;
  message: string;
  /** A server text saying it in the user's language (the account type checks), with its values. */
  text?: { key: string; values: Record<string, string> };
}

type Report = (path: string, rule: string, message: string) => void;

const TEXT_RULES = ['MinLength', 'MaxLength', 'Length', 'Pattern', 'UppercaseOnly', 'ExcludedCharacters'] as const;
const NUMBER_RULES = ['Minimum', 'Maximum'] as const;

function typeOf(field: LayoutFileField) {
  return field.Type ?? (field.Options || field.RemoteEnum ? 'Enum' : 'String');
}

function checkField(field: LayoutFileField, path: string, names: Set<string>, layout: LayoutFile, report: Report) {
  const type = typeOf(field);
  const isText = type === 'String' || type === 'Email';
  const isNumber = type === 'Number' || type === 'Integer';
  const isEnum = type === 'Enum' || type === 'MultiEnum';
  for (const rule of TEXT_RULES) if (field[rule] !== undefined && !isText) report(`${path}/${rule}`, 'ruleFitsType', `${rule} applies to String and Email fields, not ${type}`);
  // On a Date field, Minimum and Maximum are days from today (contract/date-bounds.ts).
  for (const rule of NUMBER_RULES) if (field[rule] !== undefined && !isNumber && type !== 'Date') report(`${path}/${rule}`, 'ruleFitsType', `${rule} applies to Number, Integer and Date fields, not ${type}`);
  if (field.DisplayTemplate === 'DateTime' && type !== 'String') report(`${path}/DisplayTemplate`, 'ruleFitsType', `DateTime is a template of String fields, not ${type}`);
  if (field.MinItems !== undefined && type !== 'MultiEnum') report(`${path}/MinItems`, 'ruleFitsType', 'MinItems applies to MultiEnum fields');
  if (isEnum && !field.Options === !field.RemoteEnum) report(path, 'enumOptions', `an ${type} field needs either Options or RemoteEnum`);
  if (!isEnum && (field.Options || field.RemoteEnum)) report(path, 'enumOptions', `Options and RemoteEnum need Type Enum or MultiEnum, not ${type}`);
  if (field.MinLength !== undefined && field.MaxLength !== undefined && field.MinLength > field.MaxLength) report(`${path}/MinLength`, 'range', 'MinLength is above MaxLength');
  if (field.Minimum !== undefined && field.Maximum !== undefined && field.Minimum > field.Maximum) report(`${path}/Minimum`, 'range', 'Minimum is above Maximum');
  // Patterns run on RE2 (linear time) on the server and in the browser: one RE2 cannot run is refused here.
  const patternProblem = field.Pattern !== undefined ? linearPattern(field.Pattern).problem : undefined;
  if (patternProblem) report(`${path}/Pattern`, 'patternCompiles', `field ${field.Name}: ${patternProblem}`);
  const values = new Set<string>();
  field.Options?.forEach((option, index) => {
    const key = JSON.stringify(option.Value);
    if (values.has(key)) report(`${path}/Options/${index}/Value`, 'uniqueOption', `option value ${key} appears twice`);
    values.add(key);
  });
  for (const conditionName of ['VisibleWhen', 'ReadOnlyWhen', 'RequiredWhen'] as const) {
    const condition = field[conditionName];
    if (!condition) continue;
    conditionTests(condition).forEach((test: FieldTest) => {
      const operators = (['Equals', 'NotEquals', 'In', 'IsEmpty'] as const).filter((operator) => test[operator] !== undefined);
      if (operators.length !== 1) report(`${path}/${conditionName}`, 'oneOperator', `a test on ${test.Field} needs exactly one of Equals, NotEquals, In, IsEmpty`);
      if (!names.has(test.Field)) report(`${path}/${conditionName}`, 'knownField', `${conditionName} reads unknown field ${test.Field}`);
      if (test.Field === field.Name) report(`${path}/${conditionName}`, 'notSelf', `${conditionName} of ${field.Name} reads the field itself`);
    });
  }
  for (const [index, on] of (field.RemoteEnum?.DependsOn ?? []).entries()) {
    if (!names.has(on)) report(`${path}/RemoteEnum/DependsOn/${index}`, 'knownField', `DependsOn names unknown field ${on}`);
    if (on === field.Name) report(`${path}/RemoteEnum/DependsOn/${index}`, 'notSelf', 'a field cannot depend on itself');
  }
  if (field.RemoteValidation && !isText) report(`${path}/RemoteValidation`, 'ruleFitsType', 'remote validation applies to String and Email fields');
  if (field.Default !== undefined && field.Default !== null) {
    const problem = validateSavedValue(type, field, field.Default, false);
    if (problem) report(`${path}/Default`, 'defaultFits', `the default breaks ${problem.key.replace('forms.validation.', '')}`);
    if (field.Options && !field.Options.some((option) => option.Value === field.Default)) report(`${path}/Default`, 'defaultFits', 'the default is not one of the options');
  }
  const actions = new Set(layout.Actions);
  for (const [key, list] of [['In', field.In], ['ReadOnly', Array.isArray(field.ReadOnly) ? field.ReadOnly : undefined], ['Required', Array.isArray(field.Required) ? field.Required : undefined]] as const) {
    list?.forEach((action, index) => {
      if (!actions.has(action)) report(`${path}/${key}/${index}`, 'knownAction', `${action} is not one of the layout's Actions`);
    });
  }
  for (const key of [field.Label, field.Help, field.Placeholder, ...(field.Options ?? []).map((option) => option.Label)]) {
    if (key !== undefined && !hasEnglishText(layout, key)) report(path, 'textKey', `text key ${key} is neither in the layout's Texts.en nor in locales/server/en.json`);
  }
}

/**
 * Problems of one layout file. `inherited` are the field names a product
 * layout is merged with (the generic Product layout's first page).
 */
export function checkLayoutFile(layout: LayoutFile, file: string, inherited: readonly string[] = []): LayoutProblem[] {
  const problems: LayoutProblem[] = [];
  const report: Report = (path, rule, message) => problems.push({ file, path, rule, message });
  if (!layout.$schema?.endsWith('layout.schema.json')) report('/$schema', 'schemaReference', '"$schema" must point at layout.schema.json (editors then check the file as you type)');
  const isProductType = layout.AccountType === 'Product';
  if (layout.Products && !isProductType) report('/Products', 'productsOnProduct', 'Products is only for AccountType Product');
  if (!layout.Products && !layout.Capability && !layout.Wizard) report('', 'capability', 'a generic layout needs Capability');
  if (layout.Wizard) checkWizard(layout, layout.Wizard, report);

  const all = layout.Pages.flatMap((page, p) =>
    page.Containers.flatMap((container, c) => container.Fields.map((field, f) => ({ field, path: `/Pages/${p}/Containers/${c}/Fields/${f}` }))),
  );
  const names = new Set(inherited);
  for (const { field, path } of all) {
    if (names.has(field.Name)) report(`${path}/Name`, 'uniqueName', `field ${field.Name} appears twice${inherited.includes(field.Name) ? ' (also in the generic Product layout)' : ''}`);
    names.add(field.Name);
  }
  for (const { field, path } of all) checkField(field, path, names, layout, report);

  const pageNames = new Set<string>();
  const pageIds = new Set<string>();
  layout.Pages.forEach((page, p) => {
    if (pageNames.has(page.Name)) report(`/Pages/${p}/Name`, 'uniqueName', `page ${page.Name} appears twice`);
    if (pageIds.has(String(page.Id))) report(`/Pages/${p}/Id`, 'uniqueId', `page id ${page.Id} appears twice`);
    pageNames.add(page.Name);
    pageIds.add(String(page.Id));
    if (!hasEnglishText(layout, page.Label)) report(`/Pages/${p}/Label`, 'textKey', `text key ${page.Label} is unknown`);
    const formStep = layout.Wizard?.Steps?.some((step) => step.Kind === 'AccountForm' && step.Page === page.Name);
    if (page.Containers.length === 0 && !formStep) report(`/Pages/${p}/Containers`, 'pageContainers', 'a page needs a container (only a wizard AccountForm step has none)');
    const containerNames = new Set<string>();
    page.Containers.forEach((container, c) => {
      if (containerNames.has(container.Name)) report(`/Pages/${p}/Containers/${c}/Name`, 'uniqueName', `container ${container.Name} appears twice in the page`);
      containerNames.add(container.Name);
      if (container.Label && !hasEnglishText(layout, container.Label)) report(`/Pages/${p}/Containers/${c}/Label`, 'textKey', `text key ${container.Label} is unknown`);
    });
  });

  for (const match of layout.DisplayName?.matchAll(/\{(\w+)\}/g) ?? []) {
    if (!names.has(match[1])) report('/DisplayName', 'knownField', `DisplayName uses unknown field ${match[1]}`);
  }
  const { MinQuantity, MaxQuantity } = layout.MetaRules ?? {};
  if (MinQuantity !== undefined && MaxQuantity !== undefined && MinQuantity > MaxQuantity) report('/MetaRules', 'range', 'MinQuantity is above MaxQuantity');
  for (const locale of Object.keys(layout.Texts ?? {})) {
    if (!(SUPPORTED_LOCALES as readonly string[]).includes(locale)) report(`/Texts/${locale}`, 'knownLocale', `${locale} is not a supported locale`);
  }
  if (layout.Texts && !layout.Texts.en) report('/Texts', 'englishTexts', 'Texts needs en, the fallback of every other locale');
  return problems;
}
