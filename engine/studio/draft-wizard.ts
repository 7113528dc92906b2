/**
 * The wizard part of a draft layout (issue 22) for the studio's preview: its
 * review step (and its lines), steps of a kind, calls and submit labels in the
 * editor's language, as GetWizardLayout would serve them, so the preview draws
 * the steps while the draft is edited.
 */
import type { WizardDefinition } from '../forms';
import type { WizardLine, WizardStepKind } from '../../contract/services/wizard-schemas';
import type { ServerPreviewBasis } from './draft-layout';
import type { LayoutJson } from './layout-edit';

interface DraftWizard {
  Review?: { Label?: unknown; Page?: unknown; Lines?: unknown };
  Steps?: WizardDefinition['Steps'];
  Calls?: WizardDefinition['Calls'];
  Action?: WizardDefinition['Action'];
  SubmitLabels?: { Label?: unknown; When?: WizardDefinition['SubmitLabels'][number]['When'] }[];
}

/** The draft's wizard, or undefined when the draft is no wizard (or not one the preview can draw yet). */
export function draftWizard(draft: LayoutJson | undefined, basis: ServerPreviewBasis | undefined, locale: string): WizardDefinition | undefined {
  const wizard = draft?.Wizard as DraftWizard | undefined;
  if (!wizard || typeof wizard !== 'object' || !wizard.Action || !Array.isArray(wizard.SubmitLabels)) return undefined;
  const texts = draft?.Texts ?? {};
  const text = (key: unknown) => (typeof key === 'string' ? (texts[locale]?.[key] ?? basis?.ServerTexts[key] ?? texts.en?.[key] ?? key) : '');
  const line = (entry: WizardLine): WizardLine => ({
    ...entry,
    Label: text(entry.Label),
    ...(entry.Params
      ? {
          Params: Object.fromEntries(
            Object.entries(entry.Params).map(([name, value]) => [name, { ...value, ...(value.Present ? { Present: text(value.Present) } : {}), ...(value.Absent ? { Absent: text(value.Absent) } : {}) }]),
          ),
        }
      : {}),
  });
  // Texts inside steps of a kind (a ChooseRow's columns, intro and empty note; an AccountForm's title), as GetWizardLayout translates them.
  const step = (entry: WizardStepKind): WizardStepKind => {
    if (entry.Kind === 'ChooseRow')
      return {
        ...entry,
        Columns: (entry.Columns ?? []).map((column) => ({
          ...column,
          Label: text(column.Label),
          ...(column.Present ? { Present: text(column.Present) } : {}),
          ...(column.Absent ? { Absent: text(column.Absent) } : {}),
        })),
        ...(entry.Intro ? { Intro: line(entry.Intro) } : {}),
        ...(entry.Empty ? { Empty: text(entry.Empty) } : {}),
      };
    if (entry.Kind === 'AccountForm' && Array.isArray(entry.Title)) return { ...entry, Title: entry.Title.map(line) };
    return entry;
  };
  const lines = Array.isArray(wizard.Review?.Lines) ? (wizard.Review.Lines as WizardLine[]).map(line) : undefined;
  return {
    Review: wizard.Review
      ? { Title: text(wizard.Review.Label), ...(typeof wizard.Review.Page === 'string' ? { Page: wizard.Review.Page } : {}), ...(lines ? { Lines: lines } : {}) }
      : undefined,
    ...(Array.isArray(wizard.Steps) ? { Steps: wizard.Steps.map(step) } : {}),
    ...(Array.isArray(wizard.Calls) ? { Calls: wizard.Calls } : {}),
    Action: wizard.Action,
    SubmitLabels: wizard.SubmitLabels.map((entry) => ({ Label: text(entry.Label), ...(entry.When ? { When: entry.When } : {}) })),
  };
}
