import { useEffect, useState, type RefObject } from 'react';

/** Spec §9: autofill detection polls every 300 ms. */
export const AUTOFILL_POLL_MS = 300;

function isAutofilled(input: HTMLInputElement | null): boolean {
  try {
    return input?.matches(':-webkit-autofill') ?? false;
  } catch {
    // Engines without the pseudo-class throw on the selector.
    return false;
  }
}

/**
 * Whether the browser autofilled the input. Chrome fills the field before the
 * user interacts but hides the value from scripts (and fires no change event),
 * so the form cannot see the value and must ask the input itself.
 */
export function useAutofilled(ref: RefObject<HTMLInputElement | null>): boolean {
  const [autofilled, setAutofilled] = useState(false);
  useEffect(() => {
    const check = () => setAutofilled(isAutofilled(ref.current));
    check();
    const timer = setInterval(check, AUTOFILL_POLL_MS);
    return () => clearInterval(timer);
  }, [ref]);
  return autofilled;
}
