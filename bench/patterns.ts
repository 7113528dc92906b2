/**
 * Issue 34: layout patterns on RE2 (contract/linear-pattern.ts). Per-match time
 * of pathological patterns (nested and overlapping quantifiers, the probe's
 * `^(a+)+$`) on values that make a backtracking engine explode — a run of a's
 * with a non-matching tail — at 30, 100, 1,000 and 10,000 characters (the cap),
 * plus the shipped patterns on ordinary values. Linear means: the time per
 * character stays flat as the value grows. The built-in RegExp is timed only
 * at 20 characters (beyond, it would not come back).
 */
import { linearPattern, PATTERN_VALUE_MAX_LENGTH } from '../contract/linear-pattern-eager';

const PATHOLOGICAL = ['^(a+)+$', '(a|a)+', '(a|aa)+', '(a*)*b', '([a-z]+)*[0-9]', '(.*a){12}', '(\\w+\\s?)+$'];
const SHIPPED: [string, string][] = [
  ['https?://[^\\s/$.?#][^\\s]*', 'https://www.contoso.example/products/cloud?ref=portal'],
  ['\\+?[0-9 ()/-]{6,24}', '+44 (20) 7946-0000'],
  ['[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}', 'DE89370400440532013000'],
  ['ssh-(ed25519|rsa) [A-Za-z0-9+/=]+( [^\\n]*)?', `ssh-ed25519 ${'A'.repeat(68)} admin@host`],
];
const LENGTHS = [30, 100, 1_000, PATTERN_VALUE_MAX_LENGTH];

/** Median time of one match, in microseconds, over enough repetitions to fill ~50 ms. */
function perMatchMicros(match: () => unknown): number {
  match();
  const started = performance.now();
  match();
  const once = Math.max(performance.now() - started, 0.001);
  const repetitions = Math.min(2000, Math.max(3, Math.round(50 / once)));
  const samples: number[] = [];
  for (let round = 0; round < 5; round++) {
    const begin = performance.now();
    for (let i = 0; i < repetitions; i++) match();
    samples.push(((performance.now() - begin) / repetitions) * 1000);
  }
  return Number(samples.sort((a, b) => a - b)[2].toFixed(2));
}

export async function patternsBenchmarks() {
  const pathological = PATHOLOGICAL.map((source) => {
    const pattern = linearPattern(source);
    if (pattern.problem) throw new Error(`${source}: ${pattern.problem}`);
    const perLength = Object.fromEntries(LENGTHS.map((length) => [length, perMatchMicros(() => pattern.verdict(`${'a'.repeat(length - 1)}!`))]));
    const native = new RegExp(`^(?:${source})$`, 'u');
    return {
      pattern: source,
      re2MicrosPerMatch: perLength,
      re2NanosPerCharacterAtCap: Number(((perLength[PATTERN_VALUE_MAX_LENGTH] * 1000) / PATTERN_VALUE_MAX_LENGTH).toFixed(1)),
      builtInMicrosPerMatchAt20: perMatchMicros(() => native.test(`${'a'.repeat(19)}!`)),
    };
  });
  const shipped = SHIPPED.map(([source, value]) => ({ pattern: source, valueLength: value.length, re2MicrosPerMatch: perMatchMicros(() => linearPattern(source).verdict(value)) }));
  const overCap = perMatchMicros(() => linearPattern('^(a+)+$').verdict('a'.repeat(PATTERN_VALUE_MAX_LENGTH + 1)));
  return { cap: PATTERN_VALUE_MAX_LENGTH, pathological, shipped, refusedOverCapMicros: overCap };
}
