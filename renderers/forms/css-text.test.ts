import { describe, expect, it } from 'vitest';
import { cssText } from './css-text';

describe('cssText', () => {
  it('writes rules with kebab-case properties and px for lengths, not for unitless ones', () => {
    expect(cssText({ '.a': { marginBottom: 4, lineHeight: 1.5, fontWeight: 600, padding: '0 6px', outlineOffset: -2, gap: 0, fontFamily: undefined } })).toBe(
      '.a{margin-bottom:4px;line-height:1.5;font-weight:600;padding:0 6px;outline-offset:-2px;gap:0}',
    );
  });

  it('moves @media blocks out of a rule, around the same selector', () => {
    expect(cssText({ '.g': { display: 'grid', '@media (min-width:960px)': { gridTemplateColumns: '1fr 1fr' } } })).toBe(
      '.g{display:grid}\n@media (min-width:960px){.g{grid-template-columns:1fr 1fr}}',
    );
  });

  it('writes @keyframes and refuses nesting it cannot express', () => {
    expect(cssText({ '@keyframes spin': { to: { transform: 'rotate(360deg)' } } })).toBe('@keyframes spin{to{transform:rotate(360deg)}}');
    expect(() => cssText({ '.a': { '&:hover': { color: 'red' } } })).toThrow(/only @media/);
  });
});
