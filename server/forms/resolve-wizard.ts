/**
 * A wizard as served (GetWizardLayout): its pages for CREATE as a view layout
 * (the same shaping and texts as account layouts), the review step, the final
 * action and the submit labels, translated.
 */
import type { WizardColumn, WizardLayout, WizardLine, WizardNote, WizardScreen, WizardShownValue, WizardStepKind, WizardTable } from '../../contract/services/wizard-schemas';
import { fault } from '../fault';
import type { LayoutCatalogue } from './layout-catalogue';
import type { TextLookup } from './layout-texts';
import type { LayoutFile } from './layout-file-schema';
import { pagesFor, toViewLayout, type ResolvedField, type ResolvedPage } from './resolve-layout';

type Translate = (key: string) => string;

/** A shown value's (or a column's) Present/Absent texts and texts by value, translated. */
const shownTexts = <T extends Pick<WizardShownValue, 'Present' | 'Absent' | 'Texts'>>(value: T, t: Translate): T => ({
  ...value,
  ...(value.Present ? { Present: t(value.Present) } : {}),
  ...(value.Absent ? { Absent: t(value.Absent) } : {}),
  ...(value.Texts ? { Texts: Object.fromEntries(Object.entries(value.Texts).map(([key, text]) => [key, t(text)])) } : {}),
});

/** A column's title, texts and cell sentence, translated. */
const columnTexts = (column: WizardColumn, t: Translate): WizardColumn => shownTexts({ ...column, Label: t(column.Label), ...(column.Text ? { Text: t(column.Text) } : {}) }, t);

/** A line with its text and its values' Present/Absent texts translated (placeholders stay for the client). */
const lineTexts = <T extends WizardLine>(line: T, t: Translate): T => ({
  ...line,
  Label: t(line.Label),
  ...(line.Params ? { Params: Object.fromEntries(Object.entries(line.Params).map(([name, value]) => [name, shownTexts(value, t)])) } : {}),
});

/** A step's texts (columns, intro, empty note, title) in the caller's language. */
function stepTexts(step: WizardStepKind, t: Translate): WizardStepKind {
  if (step.Kind === 'ChooseRow')
    return {
      ...step,
      Columns: step.Columns.map((column) => columnTexts(column, t)),
      ...(step.Intro ? { Intro: lineTexts(step.Intro, t) } : {}),
      ...(step.Empty ? { Empty: t(step.Empty) } : {}),
    };
  if (step.Kind === 'AccountForm') return { ...step, ...(step.Title ? { Title: step.Title.map((line) => lineTexts(line, t)) } : {}) };
  return step;
}

/** A note's sentence and its button's texts, translated. */
const noteTexts = (note: WizardNote, t: Translate): WizardNote => ({
  ...lineTexts(note, t),
  ...(note.Button ? { Button: { ...note.Button, Label: t(note.Button.Label), ...(note.Button.Success ? { Success: t(note.Button.Success) } : {}) } } : {}),
});

const tableTexts = (table: WizardTable, t: Translate): WizardTable => ({
  ...table,
  ...(table.Title ? { Title: t(table.Title) } : {}),
  ...(table.More ? { More: t(table.More) } : {}),
  Columns: table.Columns.map((column) => columnTexts(column, t)),
});

/** The screen's heading, intro, picker label, tags, tables, notes, success lines and outcome in the caller's language. */
function screenTexts(screen: WizardScreen, t: Translate): WizardScreen {
  const subject = screen.Subject;
  return {
    ...screen,
    Title: t(screen.Title),
    ...(screen.Intro ? { Intro: t(screen.Intro) } : {}),
    ...(subject
      ? {
          Subject: {
            ...subject,
            ...(subject.Label ? { Label: t(subject.Label) } : {}),
            ...(subject.Tags ? { Tags: subject.Tags.map((line) => lineTexts(line, t)) } : {}),
            ...(subject.Lines ? { Lines: subject.Lines.map((line) => lineTexts(line, t)) } : {}),
            ...(subject.Tables ? { Tables: subject.Tables.map((table) => tableTexts(table, t)) } : {}),
            ...(subject.Stop ? { Stop: subject.Stop.map((note) => noteTexts(note, t)) } : {}),
            ...(subject.Notes ? { Notes: subject.Notes.map((note) => noteTexts(note, t)) } : {}),
          },
        }
      : {}),
    ...(screen.Success ? { Success: screen.Success.map((line) => lineTexts(line, t)) } : {}),
    ...(screen.Outcome
      ? {
          Outcome: {
            ...(screen.Outcome.Lines ? { Lines: screen.Outcome.Lines.map((line) => lineTexts(line, t)) } : {}),
            ...(screen.Outcome.Tables ? { Tables: screen.Outcome.Tables.map((table) => tableTexts(table, t)) } : {}),
          },
        }
      : {}),
  };
}

/** The pages for CREATE in file order, an AccountForm step's page kept without containers (its form comes from an answer). */
function wizardPages(layout: LayoutFile, steps: readonly WizardStepKind[]): ResolvedPage[] {
  const formPages = new Set(steps.flatMap((step) => (step.Kind === 'AccountForm' ? [step.Page] : [])));
  const drawn = pagesFor(layout, 'CREATE');
  return layout.Pages.flatMap((page) => (formPages.has(page.Name) ? [{ page, source: layout, containers: [] }] : drawn.filter((entry) => entry.page === page)));
}

export function resolveWizard(catalogue: LayoutCatalogue, name: string, text: TextLookup): WizardLayout {
  const entry = catalogue.wizards.get(name);
  const wizard = entry?.layout.Wizard;
  if (!entry || !wizard) throw fault(404, 'forms.wizardNotFound', { name });
  const layout = entry.layout;
  const t: Translate = (key) => text(layout, key);
  const pages = wizardPages(layout, wizard.Steps ?? []);
  const fields = new Map<string, ResolvedField>();
  for (const page of pages) for (const container of page.containers) for (const resolved of container.fields) fields.set(resolved.field.Name, resolved);
  const view = toViewLayout(
    {
      accountType: layout.AccountType,
      productName: null,
      action: 'CREATE',
      generic: layout,
      product: undefined,
      capability: layout.Capability,
      parentTypes: [],
      displayName: undefined,
      identificatorPrefix: undefined,
      pages,
      fields,
    },
    text,
  );
  return {
    Name: name,
    Layout: view,
    ...(wizard.Review
      ? {
          Review: {
            Title: t(wizard.Review.Label),
            ...(wizard.Review.Page ? { Page: wizard.Review.Page } : {}),
            ...(wizard.Review.Lines ? { Lines: wizard.Review.Lines.map((line) => lineTexts(line, t)) } : {}),
          },
        }
      : {}),
    ...(wizard.Steps ? { Steps: wizard.Steps.map((step) => stepTexts(step, t)) } : {}),
    ...(wizard.Calls ? { Calls: wizard.Calls } : {}),
    Action: wizard.Action,
    ...(wizard.Screen ? { Screen: screenTexts(wizard.Screen, t) } : {}),
    SubmitLabels: wizard.SubmitLabels.map((entry) => ({ Label: text(layout, entry.Label), ...(entry.When ? { When: entry.When } : {}) })),
  };
}
