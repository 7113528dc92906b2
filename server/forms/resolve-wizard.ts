/**
 * A wizard as served (GetWizardLayout): its pages for CREATE as a view layout
 * (the same shaping and texts as account layouts), the review step, the final
 * action and the submit labels, translated.
 */
import type { WizardLayout } from '../../src/contract/services/wizard-schemas';
import { fault } from '../fault';
import type { LayoutCatalogue } from './layout-catalogue';
import type { TextLookup } from './layout-texts';
import { pagesFor, toViewLayout, type ResolvedField } from './resolve-layout';

export function resolveWizard(catalogue: LayoutCatalogue, name: string, text: TextLookup): WizardLayout {
  const entry = catalogue.wizards.get(name);
  const wizard = entry?.layout.Wizard;
  if (!entry || !wizard) throw fault(404, 'forms.wizardNotFound', { name });
  const layout = entry.layout;
  const pages = pagesFor(layout, 'CREATE');
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
    ...(wizard.Review ? { Review: { Title: text(layout, wizard.Review.Label), ...(wizard.Review.Page ? { Page: wizard.Review.Page } : {}) } } : {}),
    ...(wizard.Steps ? { Steps: wizard.Steps } : {}),
    Action: wizard.Action,
    SubmitLabels: wizard.SubmitLabels.map((entry) => ({ Label: text(layout, entry.Label), ...(entry.When ? { When: entry.When } : {}) })),
  };
}
