/**
 * The wizard part of a draft layout (issue 22) for the studio's preview: its
 * review step and submit labels in the editor's language, as GetWizardLayout
 * would serve them, so the preview draws the steps while the draft is edited.
 */
import type { WizardDefinition } from '../../../engine/forms';
import type { ServerPreviewBasis } from './draft-layout';
import type { LayoutJson } from './layout-edit';

interface DraftWizard {
  Review?: { Label?: unknown; Page?: unknown };
  Steps?: WizardDefinition['Steps'];
  Action?: WizardDefinition['Action'];
  SubmitLabels?: { Label?: unknown; When?: WizardDefinition['SubmitLabels'][number]['When'] }[];
}

/** The draft's wizard, or undefined when the draft is no wizard (or not one the preview can draw yet). */
export function draftWizard(draft: LayoutJson | undefined, basis: ServerPreviewBasis | undefined, locale: string): WizardDefinition | undefined {
  const wizard = draft?.Wizard as DraftWizard | undefined;
  if (!wizard || typeof wizard !== 'object' || !wizard.Action || !Array.isArray(wizard.SubmitLabels)) return undefined;
  const texts = draft?.Texts ?? {};
  const text = (key: unknown) => (typeof key === 'string' ? (texts[locale]?.[key] ?? basis?.ServerTexts[key] ?? texts.en?.[key] ?? key) : '');
  return {
    Review: wizard.Review ? { Title: text(wizard.Review.Label), ...(typeof wizard.Review.Page === 'string' ? { Page: wizard.Review.Page } : {}) } : undefined,
    ...(Array.isArray(wizard.Steps) ? { Steps: wizard.Steps } : {}),
    Action: wizard.Action,
    SubmitLabels: wizard.SubmitLabels.map((entry) => ({ Label: text(entry.Label), ...(entry.When ? { When: entry.When } : {}) })),
  };
}
