/**
 * A locale file is served in two parts so that the sign-in page, the first page
 * of nearly every visit, loads only the texts it shows: `signIn` for it and for
 * what every page shows (errors, messages, not found), `rest` for every other
 * screen, fetched before any of them renders. Translators still edit one file
 * per locale.
 */
export type TextPart = 'signIn' | 'rest';

export const TEXT_PARTS: readonly TextPart[] = ['signIn', 'rest'];

/** Key paths (a namespace or a subtree) that belong to the `signIn` part. */
export const SIGN_IN_TEXT_PATHS = ['language', 'common', 'login', 'errors', 'notFound', 'access.sso'] as const;

interface Texts {
  [key: string]: unknown;
}

const isTexts = (value: unknown): value is Texts => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `path` (dotted) is a sign-in path or lies inside one. */
export const isSignInPath = (path: string): boolean =>
  SIGN_IN_TEXT_PATHS.some((signIn) => path === signIn || path.startsWith(`${signIn}.`));

/** Whether some sign-in path lies inside `path` (so the subtree must be split further). */
const containsSignInPath = (path: string): boolean => SIGN_IN_TEXT_PATHS.some((signIn) => signIn.startsWith(`${path}.`));

/** The texts of one part: the sign-in paths for `signIn`, everything else for `rest`. */
export function pickTextPart(texts: Texts, part: TextPart, prefix = ''): Texts {
  const picked: Texts = {};
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isSignInPath(path)) {
      if (part === 'signIn') picked[key] = value;
    } else if (isTexts(value) && containsSignInPath(path)) {
      const inner = pickTextPart(value, part, path);
      if (Object.keys(inner).length) picked[key] = inner;
    } else if (part === 'rest') {
      picked[key] = value;
    }
  }
  return picked;
}
