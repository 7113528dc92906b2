/** The console line a bench page prints when it is interactive (measure.ts). */
export const READY_MESSAGE = 'bench-ready';

/** The query parameter of in-app runs (measure.tsx mountBench). */
export const IN_APP_PARAMETER = 'in-app';
