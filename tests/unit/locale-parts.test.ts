/**
 * The sign-in page loads only the `signIn` part of a locale (src/i18n/text-parts.ts).
 * These checks keep the split honest: together the parts are the whole file, and
 * every text used by code that runs before the rest is loaded lies in the sign-in part.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isSignInPath, pickTextPart } from '../../src/i18n/text-parts';

const root = resolve(import.meta.dirname, '../..');
const localesDir = join(root, 'locales');
const locales = readdirSync(localesDir).filter((name) => name.endsWith('.json'));

type Texts = { [key: string]: string | Texts };
const leaves = (texts: Texts, prefix = ''): string[] =>
  Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leaves(value, `${prefix}${key}.`),
  );

/** Source files reachable from `entries` through static relative imports (lazy imports end the walk). */
function staticallyImported(entries: string[]): string[] {
  const seen = new Set<string>();
  const pending = [...entries];
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8').replace(/import\(\s*'[^']+'\s*\)/g, '');
    for (const [, specifier] of code.matchAll(/(?:from|import)\s+'(\.{1,2}\/[^']+)'/g)) {
      const base = resolve(dirname(file), specifier);
      const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((path) => existsSync(path) && !path.endsWith('/'));
      if (found && /\.tsx?$/.test(found)) pending.push(found);
    }
  }
  return [...seen];
}

/** The screens that do not wait for the rest of the texts, read from the route table. */
function signInScreens(): string[] {
  const routes = readFileSync(join(root, 'src/router/routes.ts'), 'utf8');
  return [...routes.matchAll(/signInScreen\(\(\) => import\('(\.\.\/screens\/[^']+)'\)\)/g)].map(([, path]) =>
    ['.tsx', '.ts'].map((ext) => resolve(root, 'src/router', path + ext)).find(existsSync)!,
  );
}

describe('locale parts', () => {
  it.each(locales)('%s: sign-in and rest are disjoint and together the whole file', (file) => {
    const texts = JSON.parse(readFileSync(join(localesDir, file), 'utf8')) as Texts;
    const signIn = leaves(pickTextPart(texts, 'signIn') as Texts);
    const rest = leaves(pickTextPart(texts, 'rest') as Texts);
    expect(signIn.filter((key) => rest.includes(key))).toEqual([]);
    expect([...signIn, ...rest].sort()).toEqual(leaves(texts).sort());
    expect(signIn.length).toBeGreaterThan(0);
  });

  it('holds every text the sign-in page and the app frame use in the sign-in part', () => {
    const screens = signInScreens();
    expect(screens.map((file) => file.slice(root.length + 1))).toEqual(['src/screens/login/LoginScreen.tsx']);
    const files = staticallyImported([join(root, 'src/main.tsx'), join(root, 'src/start.tsx'), ...screens]);
    const missing = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*['"`]([\w.]+)/g)]
        .map(([, key]) => key.replace(/\.$/, ''))
        .filter((key) => !isSignInPath(key))
        .map((key) => `${file.slice(root.length + 1)}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
});
