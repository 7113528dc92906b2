/**
 * Issue 33: a route drawn by a definition alone is data — its element is the list screen, which draws
 * the definition its `drawnBy` names. Each such route names a definition file that exists and whose
 * `route` is that route's path, so a typo in the table fails here, not in front of a user.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { appRoutes } from '../../src/router/routes';
import { routeModules } from '../../scripts/route-coverage';

const LIST_SCREEN = 'src/screens/list/ListScreen.tsx';
const definitionFile = (name: string) => resolve(import.meta.dirname, `../../screen-definitions/screens/${name}.json`);
/** A definition's `route` names the path with an optional last parameter where the table has two records. */
const routesOf = (route: string) => (route.endsWith('?') ? [route.slice(0, -1), route.replace(/\/:[^/]+\?$/, '')] : [route]);

describe('routes drawn by a definition alone', () => {
  const modules = routeModules();
  const drawnByList = appRoutes.filter((_, index) => modules[index] === LIST_SCREEN);

  it('include the catalogue screens, the hierarchy and /list/:definitionName', () => {
    expect(drawnByList.map((route) => route.path)).toEqual(expect.arrayContaining(['/list/:definitionName', '/explore', '/explore/search/:searchText', '/service/:serviceId', '/service/:serviceId/:pricelistId', '/hierarchy/:accountId?']));
  });

  it.each(drawnByList.filter((route) => route.path !== '/list/:definitionName').map((route) => [route.path, route] as const))('%s names a definition file with that route', (path, route) => {
    expect(route.drawnBy && 'definition' in route.drawnBy).toBe(true);
    const name = route.drawnBy && 'definition' in route.drawnBy ? route.drawnBy.definition : '';
    expect(existsSync(definitionFile(name)), `screen-definitions/screens/${name}.json`).toBe(true);
    const definition = JSON.parse(readFileSync(definitionFile(name), 'utf8')) as { route?: string };
    const declared = [definition.route ?? '', ...routesOf(definition.route ?? '')];
    // The explore search is the explore definition with the route's search text (its search.context);
    // a record editor's new record (/quotes/new) is a path its route (/quotes/:quoteId) matches.
    const matched = definition.route !== undefined && matchPath(definition.route, path) !== null;
    expect(declared.includes(path) || path.startsWith(`${definition.route}/`) || matched, `${name}.json route ${definition.route}`).toBe(true);
  });
});
