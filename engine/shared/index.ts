/**
 * Pieces of the engine that both halves use (forms and grids): field conditions
 * and capability checks. Pure functions, no UI; keep this module small.
 */
export * from './conditions';
export * from './capabilities';
