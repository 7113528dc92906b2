import type { Ref } from 'react';
import { LightTextField } from './LightTextField';

interface OneTimeCodeFieldProps {
  label: string;
  value: string;
  /** The typed or pasted text; the caller keeps its digits. */
  onChange: (typed: string) => void;
  length: number;
  testId: string;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A one-time code (an authenticator app's, a mailed one): digits, spaced out, the phone's number pad, the browser's code hint. */
export function OneTimeCodeField({ label, value, onChange, length, testId, autoFocus, inputRef }: OneTimeCodeFieldProps) {
  return (
    <LightTextField
      label={label}
      name="one-time-code"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      value={value}
      inputRef={inputRef}
      onChange={(event) => onChange(event.target.value)}
      htmlInput={{ 'data-testid': testId, inputMode: 'numeric', pattern: '[0-9]*', maxLength: length, style: { letterSpacing: '0.3em', fontSize: '1.25rem' } }}
    />
  );
}
