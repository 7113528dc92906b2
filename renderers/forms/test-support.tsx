/** Helpers of the renderer tests (jsdom): English texts, a theme like the app's, a form from a layout. */
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import type { Capability } from '../../contract/capabilities';
import { loadPatternEngine } from '../../contract/linear-pattern';
import type { ViewLayout } from '../../contract/services/account-schemas';
import { layoutToFormModel, type FormMode, type FormServices } from '../../engine/forms';
import { defaultRendererRegistry } from './default-registry';
import type { MfaServices } from './form-context';
import { LayoutForm } from './LayoutForm';
import { createLayoutForm } from './use-layout-form';

/** Texts, and RE2 loaded as a drawn form with a pattern loads it first (use-pattern-engine.test.tsx tests the wait). */
export async function initFormTexts(): Promise<void> {
  await loadPatternEngine();
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } }, interpolation: { escapeValue: false }, react: { useSuspense: false } });
  }
}

// As the app's theme: MUI inputs would otherwise each inject global styles (slow in jsdom).
export const testTheme = createTheme({ components: { MuiInputBase: { defaultProps: { disableInjectingGlobalStyles: true } } } });

export const editor: Capability[] = [{ ObjectType: 'COMPANY_ACCOUNT', Read: true, Execute: true, Create: true }];

export interface RenderOptions {
  mode?: FormMode;
  views?: Record<string, Record<string, unknown>>;
  capabilities?: Capability[];
  services?: FormServices;
  mfa?: MfaServices;
  onDirtyChange?: (dirty: boolean) => void;
  remoteDebounceMs?: number;
  /** Puts the form inside something (e.g. a screen's <form>). */
  wrap?: (form: ReactNode) => ReactNode;
}

export function renderLayoutForm(layout: ViewLayout, options: RenderOptions = {}) {
  const model = layoutToFormModel(layout, {
    mode: options.mode ?? 'edit',
    views: options.views,
    capabilities: options.capabilities ?? editor,
    testers: defaultRendererRegistry.testers,
  });
  const form = createLayoutForm(model, { services: options.services, remoteDebounceMs: options.remoteDebounceMs ?? 0 });
  const layoutForm = <LayoutForm form={form} mfa={options.mfa} onDirtyChange={options.onDirtyChange} />;
  const view = render(<ThemeProvider theme={testTheme}>{options.wrap ? options.wrap(layoutForm) : layoutForm}</ThemeProvider>);
  return { ...view, form, store: form.store, model };
}

/** A one-page, one-container layout around the given fields. */
export function layoutOf(fields: ViewLayout['Pages'][number]['Containers'][number]['Fields'], pages = 1): ViewLayout {
  return {
    AccountType: 'Company',
    Capability: 'COMPANY_ACCOUNT',
    Pages: Array.from({ length: pages }, (_, index) => ({
      Id: index + 1,
      Name: `Page${index + 1}`,
      DisplayValue: `Page ${index + 1}`,
      Containers: [{ Name: `Section${index + 1}`, DisplayValue: `Section ${index + 1}`, Fields: index === 0 ? fields : [{ Name: `Other${index}`, DisplayValue: `Other ${index}` }] }],
    })),
  };
}
