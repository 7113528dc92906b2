/** The served screen definitions' versions (issue 37), in a module of its own: the entry asks for them early. */

/** Every screen definition's version, by name (server/definitions/definition-routes.ts). */
const VERSIONS_PATH = '/DataModel/definition-versions.json';
let versions: Promise<Record<string, string>> | undefined;

/**
 * The served definitions' versions, asked once per page (and again after a publish: forgetDefinitionVersions). A
 * definition is fetched under its version, an address the server promises never changes, so the browser keeps it
 * and a return visit draws a screen without a round trip for its definition (issue 37). Without versions (the
 * list failed) definitions are fetched as before.
 */
export function definitionVersions(): Promise<Record<string, string>> {
  versions ??= fetch(VERSIONS_PATH, { credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<Record<string, string>>) : {}))
    .catch(() => ({}));
  return versions;
}

/** A definition was published, rolled back or retired: its version changed. */
export function forgetDefinitionVersions(): void {
  versions = undefined;
}
