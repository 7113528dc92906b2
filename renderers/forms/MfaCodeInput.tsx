import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

interface Props {
  value: string;
  onChange: (code: string) => void;
  disabled?: boolean;
  autoFocus?: boolean;
  testId: string;
}

/** The one-time code of an MFA dialog: digits only (spaces typed or pasted are dropped), offered by the browser's one-time-code autofill. */
export default function MfaCodeInput({ value, onChange, disabled, autoFocus, testId }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      autoFocus={autoFocus}
      size="small"
      label={t('forms.mfa.code')}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value.replace(/\s/g, ''))}
      slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 12, 'data-testid': testId } }}
    />
  );
}
