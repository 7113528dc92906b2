/**
 * Renderers that may be asked for before their screen is drawn: <DefinedScreen> draws them, and the app fetches
 * the start page's while the user signs in and the grid's once the first screen is settled (issue 37), from this
 * small module. Fetched ahead, they draw at once (lazy-component.ts).
 */
import type { ScreenDefinition } from '../../engine/grids/definition-schema';
import { lazyComponent } from '../lazy-component';

export const BoardRenderer = lazyComponent(() => import('./DefinedBoard').then((module) => ({ default: module.DefinedBoard })));
export const GridRenderer = lazyComponent(() => import('./DefinedGrid').then((module) => ({ default: module.DefinedGrid })));

/** Fetches the renderer a definition will need before it is drawn (the start page's board). */
export function preloadRenderer(definition: ScreenDefinition): Promise<unknown> | undefined {
  return definition.board ? BoardRenderer.preload() : undefined;
}
