/**
 * Embedded in a host navigation app (spec §2): the portal runs in the host's
 * frame, or is opened with `?embedded=1`. Then the shell has no header or
 * footer, messages go to the host, and the account id comes from the URL.
 */

export const EMBEDDED_QUERY_FLAG = 'embedded';

/** The query string of a hash-routed URL (`/v/?a=1#/x?b=2` has both). */
function queryParams(location: Pick<Location, 'search' | 'hash'>): URLSearchParams {
  const params = new URLSearchParams(location.search);
  const hashQuery = location.hash.split('?')[1];
  if (hashQuery) new URLSearchParams(hashQuery).forEach((value, key) => params.set(key, value));
  return params;
}

export function detectEmbedded(win: Pick<Window, 'parent' | 'location'> & Window): boolean {
  const flag = queryParams(win.location).get(EMBEDDED_QUERY_FLAG);
  if (flag === '1' || flag === 'true') return true;
  try {
    return win.parent !== win;
  } catch {
    return true;
  }
}

let embedded: boolean | undefined;

/** Decided once per page load: the flag is gone from the URL after the first navigation. */
export function isEmbedded(): boolean {
  embedded ??= typeof window !== 'undefined' && detectEmbedded(window);
  return embedded;
}

/**
 * The account id in a URL like `…/Account/View/123/…`: the path segment two
 * after `Account` (spec §2), or undefined.
 */
export function accountIdFromUrl(url: string): number | undefined {
  const segments = url.split(/[/#?]/).filter(Boolean);
  const index = segments.findIndex((segment) => segment.toLowerCase() === 'account');
  if (index < 0) return undefined;
  const candidate = segments[index + 2];
  return candidate && /^\d{1,15}$/.test(candidate) && Number(candidate) > 0 ? Number(candidate) : undefined;
}

/**
 * Where messages for the host go: the framing page's origin, known from the
 * referrer. Without it nothing is posted: a message could carry details no
 * unknown page should read.
 */
export function hostOrigin(win: Window = window): string | undefined {
  if (win.parent === win) return undefined;
  try {
    return win.document.referrer ? new URL(win.document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}
