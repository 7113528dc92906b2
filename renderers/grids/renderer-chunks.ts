/**
 * Renderers that may be asked for before their screen is drawn: <DefinedScreen> loads them when drawn, and the
 * app fetches the start page's while the user signs in and the grid's once the first screen is settled (issue
 * 37), from this small module.
 */
import type { ScreenDefinition } from '../../engine/grids/definition-schema';

export const loadBoard = () => import('./DefinedBoard');
export const loadGrid = () => import('./DefinedGrid');

/** Fetches the renderer a definition will need before it is drawn (the start page's board). */
export function preloadRenderer(definition: ScreenDefinition): Promise<unknown> | undefined {
  return definition.board ? loadBoard() : undefined;
}
