import { describe, expect, it } from 'vitest';
import { SCREEN_ACCESS } from '../../contract/screen-routes';
import { appRoutes } from './routes';

const screens = appRoutes.filter((route) => route.path !== '*');

describe('the screen access table (contract/screen-routes.ts)', () => {
  it.each(screens.map((route) => [route.path, route] as const))('%s needs what the table says', (path, route) => {
    expect(Object.hasOwn(SCREEN_ACCESS, path), `add ${path} to contract/screen-routes.ts`).toBe(true);
    expect(route.requires ?? []).toEqual(SCREEN_ACCESS[path as keyof typeof SCREEN_ACCESS]);
  });

  it('names only routes of the route table', () => {
    const paths = new Set(screens.map((route) => route.path));
    expect(Object.keys(SCREEN_ACCESS).filter((path) => !paths.has(path))).toEqual([]);
  });
});
