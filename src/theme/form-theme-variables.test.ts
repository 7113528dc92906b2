import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAppTheme } from './create-app-theme';
import { formThemeVariables } from './form-theme-variables';

const stylesheet = readFileSync(resolve(import.meta.dirname, '../../renderers/forms/layout-form.css'), 'utf8');
const defaults = stylesheet.match(/:where\(:root\)\s*\{([^}]*)\}/)![1];

describe('formThemeVariables', () => {
  it('sets every custom property the form stylesheet defaults, and no other', () => {
    const declared = [...defaults.matchAll(/(--lf-[a-z-]+):/g)].map((match) => match[1]).sort();
    expect(declared.length).toBeGreaterThan(5);
    expect(Object.keys(formThemeVariables(createAppTheme({ colors: { primary: '#00695c' } }, 'light'))).sort()).toEqual(declared);
  });

  it('follows the branding colour and dark mode', () => {
    const light = formThemeVariables(createAppTheme({ colors: { primary: '#00695c' } }, 'light'));
    expect(light['--lf-primary']).toBe('#00695c');
    expect(light['--lf-paper']).toBe('#ffffff');
    const dark = formThemeVariables(createAppTheme({ colors: { primary: '#00695c' } }, 'dark'));
    expect(dark['--lf-color-scheme']).toBe('dark');
    expect(dark['--lf-paper']).not.toBe('#ffffff');
    expect(dark['--lf-text']).not.toBe(light['--lf-text']);
  });
});
