/** Our forms: the 10 × 100-field layout through the engine and <LayoutForm> (first page rendered). */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import i18next from 'i18next';
import { useEffect } from 'react';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import { largeLayout, largeLayoutViews } from '../../engine/forms/fixtures/large-layout';
import { layoutToFormModel } from '../../engine/forms';
import { createLayoutForm, defaultRendererRegistry, LayoutForm } from '../../renderers/forms';
import { markReady, markWholeWhen, mountBench } from './measure';

const theme = createTheme({ components: { MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } } } });

function Ready() {
  useEffect(markReady, []);
  return null;
}

await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false } });
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
    <ThemeProvider theme={theme}>
      <LayoutForm form={form} />
      <Ready />
    </ThemeProvider>
  );
});
