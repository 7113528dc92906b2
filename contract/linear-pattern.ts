/**
 * The one way a pattern from data (a layout field's `Pattern`) is checked and
 * run, on the server and in the browser: RE2 (re2js), whose matching time is
 * linear in the value's length whatever the pattern, so no pattern a vendor
 * writes can hang a server or a tab (issue 34). Patterns RE2 cannot express
 * (backreferences, lookarounds) are refused when a definition is checked, and
 * values longer than PATTERN_VALUE_MAX_LENGTH are refused instead of matched.
 */
import { RE2JS } from 're2js';

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

export class LinearPattern {
  /** Undefined when the pattern runs; else why not (such a pattern never matches). */
  readonly problem: string | undefined;
  private readonly compiled: RE2JS | undefined;

  constructor(readonly source: string) {
    let compiled: RE2JS | undefined;
    let problem = unsupportedConstruct(source);
    if (!problem) {
      try {
        // translateRegExp turns JavaScript spellings (\u{…}, (?<name>…), /) into RE2's.
        compiled = RE2JS.compile(RE2JS.translateRegExp(source));
      } catch (error) {
        problem = problemOf(error);
      }
    }
    this.compiled = compiled;
    this.problem = problem;
  }

  /** Whether the whole text matches; a too long text is not matched at all. */
  verdict(text: string): PatternVerdict {
    if (text.length > PATTERN_VALUE_MAX_LENGTH) return 'tooLong';
    return this.compiled?.testExact(text) ? 'matches' : 'noMatch';
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
