import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { OneTimeCodeField } from '../../../renderers/inputs/OneTimeCodeField';

interface MfaCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  inputRef?: RefObject<HTMLInputElement | null>;
  autoFocus?: boolean;
}

/** The 6-digit code of an authenticator app or a mail (the forms' oneTimeCode input); digits only, pasted spaces dropped. */
export function MfaCodeField({ value, onChange, inputRef, autoFocus }: MfaCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <OneTimeCodeField
      label={t('identity.mfa.codeLabel')}
      value={value}
      onChange={(typed) => onChange(typed.replace(/\D/g, '').slice(0, 6))}
      length={6}
      testId="mfa-code"
      autoFocus={autoFocus}
      inputRef={inputRef}
    />
  );
}
