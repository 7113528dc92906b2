/**
 * Public addresses as a data source: a definition may read a public JSON address of the portal
 * itself (GET /status.json, which answers without a session) where it names a service method, as
 * `{ "service": "PublicAddress", "method": "/status.json" }`. Only a path of this origin is allowed:
 * no scheme, no host, no `//`, no `..`, no query — a definition cannot make the browser read another site.
 */

/** The service name that stands for a public address (not a service of the catalogue). */
export const PUBLIC_ADDRESS = 'PublicAddress';

const ADDRESS_PATH = /^(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

/** Is the text a same-origin path a definition may read (`/status.json`)? */
export function isPublicAddressPath(path: string): boolean {
  return ADDRESS_PATH.test(path) && !path.split('/').includes('..') && path.length <= 200;
}

/** Why a public address is refused; undefined when it is allowed. */
export function publicAddressProblem(path: string): string | undefined {
  if (isPublicAddressPath(path)) return undefined;
  return `"${path}" is not a path of the portal: a public address is a path of this origin (e.g. /status.json), without scheme, host, query or ".."`;
}
