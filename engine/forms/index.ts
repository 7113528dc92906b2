/**
 * The form half of the engine: view layout → form model → per-field state.
 * Pure TypeScript (no React, MUI or RJSF); renderers/forms binds it to React.
 */
export * from './field-kinds';
export * from './values';
export * from './validation';
export * from './testers';
export * from './form-model';
export * from './page-schema';
export * from './form-store';
export * from './display';
export * from './wizard';
export * from './wizard-answers';
export * from './wizard-screen';
