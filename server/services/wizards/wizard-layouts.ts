/** Account.GetWizardLayout: a wizard layout by name (screen-definitions/layouts/wizards, or a studio version), in the caller's language. */
import { layoutCatalogue } from '../../forms/layout-registry';
import { layoutTextLookup } from '../../forms/layout-texts';
import { resolveWizard } from '../../forms/resolve-wizard';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';

export const wizardLayoutHandlers = defineHandlers('Account', {
  async GetWizardLayout(ctx, body) {
    requireCaller(ctx);
    return resolveWizard(layoutCatalogue(ctx), body.name, layoutTextLookup(ctx.locale));
  },
});
