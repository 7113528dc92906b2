import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LightTextField } from './LightTextField';

interface PasswordFieldProps {
  label: string;
  name: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  testId: string;
  autoFocus?: boolean;
  error?: boolean;
  helperText?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Default 1024. */
  maxLength?: number;
}

/** A password input with a show/hide toggle (the sign-in's, a form's password and newPassword inputs). */
export function PasswordField({ label, name, autoComplete, value, onChange, testId, autoFocus, error, helperText, inputRef, maxLength = 1024 }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const toggleLabel = shown ? t('login.hidePassword') : t('login.showPassword');
  return (
    <LightTextField
      label={label}
      name={name}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      helperText={helperText}
      inputRef={inputRef}
      htmlInput={{ 'data-testid': testId, maxLength }}
      endAdornment={
        <InputAdornment position="end">
          <IconButton aria-label={toggleLabel} title={toggleLabel} edge="end" onClick={() => setShown((value) => !value)}>
            {shown ? <VisibilityOff /> : <Visibility />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
