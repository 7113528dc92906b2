/**
 * Linear-time patterns with RE2 loaded at import: for code that matches patterns from its start (the server,
 * scripts, benches). A browser page imports `linear-pattern.ts` and loads RE2 when a form needs it.
 */
import { RE2JS } from 're2js';
import { setPatternEngine } from './linear-pattern';

setPatternEngine(RE2JS);

export * from './linear-pattern';
