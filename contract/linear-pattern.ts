/**
 * The one way a pattern from data (a layout field's `Pattern`) is checked and
 * run, on the server and in the browser: RE2 (re2js), whose matching time is
 * linear in the value's length whatever the pattern, so no pattern a vendor
 * writes can hang a server or a tab (issue 34). Patterns RE2 cannot express
 * (backreferences, lookarounds) are refused when a definition is checked, and
 * values longer than PATTERN_VALUE_MAX_LENGTH are refused instead of matched.
 *
 * RE2 (~150 kB) is not imported here: a browser page loads it when a form with a
 * pattern is drawn (`loadPatternEngine`, renderers/forms/use-pattern-engine.ts), so a
 * form without one never pays for it; the server, scripts and benches import
 * `linear-pattern-eager.ts`, which registers it at once.
 */
import type { RE2JS } from 're2js';

/** The longest value (in UTF-16 code units) a pattern is matched against. */
export const PATTERN_VALUE_MAX_LENGTH = 10_000;

export type PatternVerdict = 'matches' | 'noMatch' | 'tooLong';

const BACKREFERENCES = 'backreferences (\\1, \\k<name>) are not supported: patterns run on RE2, which matches in linear time';
const LOOKAROUNDS = 'lookarounds ((?=, (?!, (?<=, (?<!) are not supported: patterns run on RE2, which matches in linear time';

/** What RE2 lacks, found before translating (which would turn \k<name> into a literal). */
function unsupportedConstruct(source: string): string | undefined {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const character = source[i];
    if (character === '\\') {
      const next = source[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || (next === 'k' && source[i + 2] === '<'))) return BACKREFERENCES;
      i++;
    } else if (character === '[') inClass = true;
    else if (character === ']') inClass = false;
    else if (!inClass && /^\(\?<?[=!]/.test(source.slice(i, i + 4))) return LOOKAROUNDS;
  }
  return undefined;
}

/** Why RE2 cannot run a pattern, in words a definition's author understands. */
function problemOf(error: unknown): string {
  const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
  return `the pattern does not compile (RE2 syntax): ${reason}`;
}

type Re2 = typeof RE2JS;
let engine: Re2 | undefined;
let loading: Promise<void> | undefined;

/** Registers RE2 (linear-pattern-eager.ts does, for code that matches from its start). */
export function setPatternEngine(re2: Re2): void {
  engine = re2;
}

/** Whether patterns can be compiled now. */
export const patternEngineReady = (): boolean => engine !== undefined;

/** Loads RE2 once (its own chunk in the browser); the same promise for every caller. */
export function loadPatternEngine(): Promise<void> {
  loading ??= import('re2js').then((module) => setPatternEngine(module.RE2JS));
  return loading;
}

export class LinearPattern {
  private compiled: { re2?: RE2JS; problem?: string } | undefined;

  constructor(readonly source: string) {}

  /** Compiled on first use, once RE2 is there. */
  private compile(re2: Re2): { re2?: RE2JS; problem?: string } {
    if (this.compiled) return this.compiled;
    const unsupported = unsupportedConstruct(this.source);
    if (unsupported) return (this.compiled = { problem: unsupported });
    try {
      // translateRegExp turns JavaScript spellings (\u{…}, (?<name>…), /) into RE2's.
      return (this.compiled = { re2: re2.compile(re2.translateRegExp(this.source)) });
    } catch (error) {
      return (this.compiled = { problem: problemOf(error) });
    }
  }

  /** Undefined when the pattern runs; else why not (such a pattern never matches). Needs RE2 loaded. */
  get problem(): string | undefined {
    if (!engine) throw new Error('RE2 is not loaded: import contract/linear-pattern-eager.ts or await loadPatternEngine() first');
    return this.compile(engine).problem;
  }

  /**
   * Whether the whole text matches; a too long text is not matched at all. Before RE2 has loaded (a value set
   * by code before its form was drawn) the browser cannot tell: it answers `matches`, starts the load, and the
   * form checks every field again on submit, drawn by then; the server checks every value anyway.
   */
  verdict(text: string): PatternVerdict {
    if (text.length > PATTERN_VALUE_MAX_LENGTH) return 'tooLong';
    if (!engine) {
      void loadPatternEngine();
      return 'matches';
    }
    return this.compile(engine).re2?.testExact(text) ? 'matches' : 'noMatch';
  }
}

// Compiled patterns by source; bounded, as anyone with the studio can send new ones.
const cache = new Map<string, LinearPattern>();
const CACHE_SIZE = 1000;

/** The compiled pattern of a source (shared, never throws: see `problem`). */
export function linearPattern(source: string): LinearPattern {
  let pattern = cache.get(source);
  if (!pattern) {
    if (cache.size >= CACHE_SIZE) cache.clear();
    pattern = new LinearPattern(source);
    cache.set(source, pattern);
  }
  return pattern;
}
