import { alpha, type Theme } from '@mui/material/styles';

/**
 * The custom properties of the layout form's stylesheet
 * (renderers/forms/layout-form.css) from the app's MUI theme: the form's
 * native inputs then follow branding colours and dark mode like MUI's own.
 */
export function formThemeVariables(theme: Theme): Record<string, string> {
  const { palette } = theme;
  return {
    '--lf-primary': palette.primary.main,
    '--lf-error': palette.error.main,
    '--lf-error-contrast': palette.error.contrastText,
    '--lf-text': palette.text.primary,
    '--lf-text-secondary': palette.text.secondary,
    '--lf-divider': palette.divider,
    '--lf-border': alpha(palette.mode === 'light' ? '#000' : '#fff', 0.23),
    '--lf-paper': palette.background.paper,
    '--lf-radius': `${theme.shape.borderRadius}px`,
    '--lf-font': theme.typography.fontFamily ?? 'sans-serif',
    '--lf-color-scheme': palette.mode,
  };
}
