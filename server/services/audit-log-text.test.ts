import { describe, expect, it } from 'vitest';
import { csvField, detailsText, MAX_DETAILS_LENGTH } from './audit-log-text';

describe('detailsText', () => {
  it('reads key: value pairs, lists and nested objects', () => {
    expect(detailsText({ fields: ['Email', 'Phone'], price: 12.5, mfa: false })).toBe('fields: Email, Phone; price: 12.5; mfa: false');
    expect(detailsText({ target: { id: 4, name: 'Jana' }, reason: null, note: '' })).toBe('target: {id: 4, name: Jana}; reason: —; note: —');
    expect(detailsText({})).toBe('');
    expect(detailsText(null)).toBe('');
    expect(detailsText('plain')).toBe('plain');
  });

  it('stops at a depth and a length', () => {
    expect(detailsText({ a: { b: { c: { d: { e: 1 } } } } })).toBe('a: {b: {c: {d: {"e":1}}}}');
    const long = detailsText({ text: 'x'.repeat(5000) });
    expect(long).toHaveLength(MAX_DETAILS_LENGTH);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('csvField', () => {
  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a, b')).toBe('"a, b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses what a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1')).toBe("'-1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  });
});
