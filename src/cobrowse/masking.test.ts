// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { maskInput } from './masking';

function input(html: string): HTMLInputElement {
  document.body.innerHTML = html;
  return document.querySelector('input')!;
}

describe('masking while the screen is shared', () => {
  it.each([
    ['a password', '<input type="password" value="x">'],
    ['a password shown as text (rrweb remembers it was one)', '<input type="text" data-rr-is-password="true">'],
    ['a new password by its autocomplete', '<input type="text" autocomplete="new-password">'],
    ['an MFA code', '<input inputmode="numeric" autocomplete="one-time-code">'],
    ['an IBAN by name', '<input name="Iban">'],
    ['a field in a layout cell marked sensitive', '<div class="lf-cell" data-sensitive><label>Bank</label><div><input name="Account"></div></div>'],
  ])('masks %s', (_, html) => {
    expect(maskInput('Secret-123', input(html))).toBe('**********');
  });

  it('keeps what is not sensitive, so support sees what the user types there', () => {
    expect(maskInput('Contoso', input('<input name="CompanyName">'))).toBe('Contoso');
    expect(maskInput('basic.user', input('<input autocomplete="username">'))).toBe('basic.user');
  });
});
