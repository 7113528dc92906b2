/**
 * Our forms: the 10 × 100-field layout through the engine and <LayoutForm> (first page rendered).
 * No MUI theme: the form's stylesheet has the portal's default colours (the app sets its theme's).
 */
import i18next from 'i18next';
import { useEffect } from 'react';
import { initReactI18next } from 'react-i18next';
import { forms } from '../../locales/en.json';
import { largeLayout, largeLayoutViews } from '../../engine/forms/fixtures/large-layout';
import { layoutToFormModel } from '../../engine/forms';
import { createLayoutForm, defaultRendererRegistry, LayoutForm } from '../../renderers/forms';
import { markReady, markWholeWhen, mountBench } from './measure';

function Ready() {
  useEffect(markReady, []);
  return null;
}

// The form's own texts (its labels come from the layout): what a form page needs of the locale.
await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: { forms } } }, interpolation: { escapeValue: false } });
mountBench(() => {
  const layout = largeLayout(10, 100);
  const model = layoutToFormModel(layout, {
    mode: 'edit',
    views: largeLayoutViews(layout),
    capabilities: [{ ObjectType: 'COMPANY_ACCOUNT', Execute: true }],
    testers: defaultRendererRegistry.testers,
  });
  const form = createLayoutForm(model);
  markWholeWhen('#lf-tabpanel [data-testid^="field-"]', model.pages[0].containers.reduce((sum, container) => sum + container.fields.length, 0));
  return (
    <>
      <LayoutForm form={form} />
      <Ready />
    </>
  );
});
