import { describe, expect, it } from 'vitest';
import { likeLiteral, prefixUpperBound } from './search';

/** Byte order of the UTF-8 texts, as text_pattern_ops' ~<~ compares them. */
const below = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b)) < 0;

describe('prefixUpperBound (the user name range of the search)', () => {
  it('moves the last character one up', () => {
    expect(prefixUpperBound('contoso')).toBe('contosp');
    expect(prefixUpperBound('a.b')).toBe('a.c');
    expect(prefixUpperBound('öz')).toBe('ö{');
    expect(prefixUpperBound('x\u{1F600}')).toBe('x\u{1F601}');
  });

  it('drops a last U+10FFFF and skips the surrogates, which UTF-8 has not', () => {
    expect(prefixUpperBound('ab\u{10FFFF}')).toBe('ac');
    expect(prefixUpperBound('a\u{D7FF}')).toBe('a\u{E000}');
    expect(prefixUpperBound('\u{10FFFF}')).toBeUndefined();
  });

  it('takes a lone surrogate as the U+FFFD it is sent as', () => {
    expect(prefixUpperBound('a\uD800')).toBe('a\uFFFE');
  });

  it('is above every text with the prefix and below the next texts', () => {
    for (const prefix of ['load', 'a\u{7F}', 'ü', 'a\u{D7FF}', 'z\u{10FFFF}']) {
      const upper = prefixUpperBound(prefix)!;
      for (const tail of ['', 'a', '\u{7F}', '\u{FFFF}', '\u{10FFFF}\u{10FFFF}']) expect(below(prefix + tail, upper)).toBe(true);
      expect(below(prefix, upper)).toBe(true);
    }
    expect(below('loae', prefixUpperBound('load')!)).toBe(false);
  });

  it('is given the text itself, not its LIKE pattern', () => {
    expect(likeLiteral('50%_off')).toBe('50\\%\\_off');
    expect(prefixUpperBound('50%_off')).toBe('50%_ofg');
  });
});
