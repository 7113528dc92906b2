import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LightTextField } from '../../../renderers/inputs/LightTextField';

interface MfaCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  autoFocus?: boolean;
}

/** The 6-digit code of an authenticator app or a mail; digits only, pasted spaces dropped. */
export function MfaCodeField({ value, onChange, inputRef, autoFocus }: MfaCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <LightTextField
      label={t('identity.mfa.codeLabel')}
      name="one-time-code"
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      value={value}
      inputRef={inputRef}
      onChange={(event) => onChange(event.target.value.replace(/\D/g, '').slice(0, 6))}
      htmlInput={{
        'data-testid': 'mfa-code',
        inputMode: 'numeric',
        pattern: '[0-9]*',
        maxLength: 6,
        style: { letterSpacing: '0.3em', fontSize: '1.25rem' },
      }}
    />
  );
}
