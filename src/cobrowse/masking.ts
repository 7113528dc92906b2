/**
 * What never leaves the user's browser while sharing (issue 38): rrweb masks these at the source, so
 * the recorded events carry asterisks instead. Passwords (also while shown as text), one-time MFA
 * codes, IBANs, and every layout field marked sensitive (MFA-gated: `data-sensitive` on its cell,
 * renderers/forms/FieldSlot.tsx). Elements marked `data-cobrowse-block` are not recorded at all.
 */

/** Layout cells and any element a screen marks sensitive: their inputs and their text are masked. */
export const SENSITIVE_SELECTOR = '[data-sensitive]';
export const BLOCK_SELECTOR = '[data-cobrowse-block]';

const SENSITIVE_NAME = /pass(word)?|secret|iban|one-time-code|otp|mfa|totp|pin\b/i;

/** Whether an input's value is masked. */
export function isSensitiveInput(element: HTMLElement | null | undefined): boolean {
  if (!element) return true;
  if (element.closest(SENSITIVE_SELECTOR)) return true;
  const input = element as HTMLInputElement;
  // rrweb marks an input that was a password once (a "show password" toggle makes it text).
  if (input.type === 'password' || input.hasAttribute?.('data-rr-is-password')) return true;
  const names = [input.name, input.id, input.autocomplete];
  return names.some((name) => typeof name === 'string' && SENSITIVE_NAME.test(name));
}

/** rrweb's maskInputFn: called for every input (maskInputOptions below), masks the sensitive ones. */
export const maskInput = (text: string, element: HTMLElement): string => (isSensitiveInput(element) ? '*'.repeat(text.length) : text);

/** The masking part of rrweb's record options. */
export const maskingOptions = {
  // Every input goes through maskInput, which decides; password inputs are masked by rrweb itself too.
  maskInputOptions: { input: true, textarea: true, select: true, password: true },
  maskInputFn: maskInput,
  maskTextSelector: SENSITIVE_SELECTOR,
  blockSelector: BLOCK_SELECTOR,
} as const;
