/**
 * Layout patterns run on RE2 (issue 34): what RE2 cannot express is refused,
 * and every accepted pattern gives the right answer on values up to the cap,
 * including the nested quantifiers that made the old engine backtrack for ever.
 * Time is the bench's business (`npm run bench -- patterns`), not this test's.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linearPattern, PATTERN_VALUE_MAX_LENGTH } from './linear-pattern-eager';

const CAP = 10_000;

describe('linear patterns', () => {
  it('caps matched values at 10,000 characters', () => {
    expect(PATTERN_VALUE_MAX_LENGTH).toBe(CAP);
    expect(linearPattern('a+').verdict('a'.repeat(CAP))).toBe('matches');
    expect(linearPattern('a+').verdict('a'.repeat(CAP + 1))).toBe('tooLong');
  });

  it('answers the probe of issue 34 without backtracking', () => {
    const pattern = linearPattern('^(a+)+$');
    expect(pattern.problem).toBeUndefined();
    expect(pattern.verdict(`${'a'.repeat(28)}!`)).toBe('noMatch');
    expect(pattern.verdict('a'.repeat(100))).toBe('matches');
    expect(pattern.verdict(`${'a'.repeat(CAP - 1)}!`)).toBe('noMatch');
  });

  it('matches the whole value, as the layout rule says', () => {
    expect(linearPattern('[A-Z]{2}\\d+').verdict('DE123')).toBe('matches');
    expect(linearPattern('[A-Z]{2}\\d+').verdict('xDE123')).toBe('noMatch');
    expect(linearPattern('[A-Z]{2}\\d+').verdict('DE123x')).toBe('noMatch');
    expect(linearPattern('a|b').verdict('ab')).toBe('noMatch');
    // JavaScript spellings the studio has always accepted still work.
    expect(linearPattern('caf\\u00e9').verdict('café')).toBe('matches');
    expect(linearPattern('(?<code>[A-Z]{3})').verdict('EUR')).toBe('matches');
    expect(linearPattern('https?://[^\\s/$.?#][^\\s]*').verdict('https://example.com/a')).toBe('matches');
  });

  it('refuses what RE2 cannot express, saying what', () => {
    expect(linearPattern('(a)\\1').problem).toMatch(/^backreferences .* not supported/);
    expect(linearPattern('(?<x>a)\\k<x>').problem).toMatch(/^backreferences/);
    expect(linearPattern('(?=a)a').problem).toMatch(/^lookarounds .* not supported/);
    expect(linearPattern('(?!a)b').problem).toMatch(/^lookarounds/);
    expect(linearPattern('(?<=a)b').problem).toMatch(/^lookarounds/);
    expect(linearPattern('(?<!a)b').problem).toMatch(/^lookarounds/);
    expect(linearPattern('(unclosed').problem).toMatch(/^the pattern does not compile \(RE2 syntax\): missing closing \)/);
    // Escaped, the same characters are literals and fine.
    expect(linearPattern('\\\\1').problem).toBeUndefined();
    expect(linearPattern('\\(?=').problem).toBeUndefined();
    expect(linearPattern('[(?=]').problem).toBeUndefined();
    // A refused pattern never matches (fail closed if one was stored before the check).
    expect(linearPattern('(a)\\1').verdict('aa')).toBe('noMatch');
  });
});

// Random patterns over a small alphabet, with a generator of values each one matches.
type Node =
  | { kind: 'char'; text: string; chars: string[] }
  | { kind: 'concat'; parts: Node[] }
  | { kind: 'alt'; parts: Node[] }
  | { kind: 'repeat'; part: Node; op: '*' | '+' | '?' | '{1,3}' };

const leaf: fc.Arbitrary<Node> = fc.constantFrom<Node>(
  { kind: 'char', text: 'a', chars: ['a'] },
  { kind: 'char', text: 'b', chars: ['b'] },
  { kind: 'char', text: '0', chars: ['0'] },
  { kind: 'char', text: '[ab]', chars: ['a', 'b'] },
  { kind: 'char', text: '[a-c]', chars: ['a', 'b', 'c'] },
  { kind: 'char', text: '\\d', chars: ['0', '1', '9'] },
);

const { node } = fc.letrec<{ node: Node }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((parts): Node => ({ kind: 'concat', parts })),
    fc.array(tie('node'), { minLength: 2, maxLength: 3 }).map((parts): Node => ({ kind: 'alt', parts })),
    fc.record({ part: tie('node'), op: fc.constantFrom('*' as const, '+' as const, '?' as const, '{1,3}' as const) }).map((repeat): Node => ({ kind: 'repeat', ...repeat })),
  ),
}));

function sourceOf(tree: Node): string {
  switch (tree.kind) {
    case 'char':
      return tree.text;
    case 'concat':
      return tree.parts.map(sourceOf).join('');
    case 'alt':
      return `(?:${tree.parts.map(sourceOf).join('|')})`;
    case 'repeat':
      return `(${sourceOf(tree.part)})${tree.op}`;
  }
}

function matching(tree: Node): fc.Arbitrary<string> {
  switch (tree.kind) {
    case 'char':
      return fc.constantFrom(...tree.chars);
    case 'concat':
      return fc.tuple(...tree.parts.map(matching)).map((parts) => parts.join(''));
    case 'alt':
      return fc.oneof(...tree.parts.map(matching));
    case 'repeat': {
      const [min, max] = { '*': [0, 3], '+': [1, 3], '?': [0, 1], '{1,3}': [1, 3] }[tree.op];
      return fc.array(matching(tree.part), { minLength: min, maxLength: max }).map((parts) => parts.join(''));
    }
  }
}

const withSample = node.chain((tree) => fc.tuple(fc.constant(tree), matching(tree)));

describe('every pattern the checker accepts', () => {
  it('matches the values it describes and no others, up to the cap', () => {
    fc.assert(
      fc.property(withSample, fc.string({ unit: fc.constantFrom('a', 'b', 'c', '0', '1', '9', '!'), maxLength: 8 }), ([tree, sample], other) => {
        const source = sourceOf(tree);
        const pattern = linearPattern(source);
        expect(pattern.problem).toBeUndefined();
        expect(pattern.verdict(sample)).toBe('matches');
        // Short values against the built-in engine (short enough for backtracking to finish).
        expect(pattern.verdict(other)).toBe(new RegExp(`^(?:${source})$`, 'u').test(other) ? 'matches' : 'noMatch');

        // Long values: the sample repeated up to the cap under an outer +, the nested-quantifier shape.
        if (sample.length === 0) return;
        const repeated = linearPattern(`(?:${source})+`);
        const long = sample.repeat(Math.floor(CAP / sample.length));
        expect(repeated.verdict(long)).toBe('matches');
        // '!' is in no pattern's alphabet: one at the end (within the cap) never matches.
        expect(repeated.verdict(`${long.slice(0, CAP - 1)}!`)).toBe('noMatch');
        expect(repeated.verdict(long + sample)).toBe(long.length + sample.length > CAP ? 'tooLong' : 'matches');
      }),
      { numRuns: 150, seed: 34 },
    );
  });
});
