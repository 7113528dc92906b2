import type { Plugin } from 'vite';

/**
 * MUI's createTheme and ThemeProvider import their CSS-variables variants even
 * when a theme does not use CSS variables, and every MUI component reaches
 * createTheme through its default theme: some 10 kB of gzip on the first page.
 * This app's themes never set `cssVariables` or `colorSchemes`
 * (src/theme/create-app-theme.ts), so the build replaces those two modules with
 * stand-ins that fail loudly if that ever changes.
 */
const STAND_INS: Record<string, string> = {
  'createThemeWithVars.mjs': `
    const refuse = () => { throw new Error(MESSAGE); };
    export const createGetCssVar = refuse;
    export default refuse;`,
  'ThemeProviderWithVars.mjs': `
    const refuse = () => { throw new Error(MESSAGE); };
    export const CssVarsProvider = refuse;
    export const Experimental_CssVarsProvider = refuse;
    export const useColorScheme = refuse;
    export const getInitColorSchemeScript = refuse;`,
};
const MESSAGE = 'MUI CSS-variables themes are left out of this build: see scripts/vite-mui-without-css-variables.ts';
const PREFIX = '\0mui-without-css-variables:';

export function muiWithoutCssVariables(): Plugin {
  return {
    name: 'mui-without-css-variables',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (!importer || !/[/\\]@mui[/\\]material[/\\]styles[/\\]/.test(importer)) return null;
      const file = Object.keys(STAND_INS).find((name) => source === `./${name}`);
      return file ? `${PREFIX}${file}` : null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      return `const MESSAGE = ${JSON.stringify(MESSAGE)};${STAND_INS[id.slice(PREFIX.length)]}`;
    },
  };
}
