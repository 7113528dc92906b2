import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

interface LoginFieldsProps {
  userName: string;
  password: string;
  onUserNameChange: (value: string) => void;
  onPasswordChange: (value: string) => void;
  userNameRef: RefObject<HTMLInputElement | null>;
  passwordRef: RefObject<HTMLInputElement | null>;
}

/** Username and password inputs, with a show-password toggle. */
export function LoginFields(props: LoginFieldsProps) {
  const { t } = useTranslation();
  const [showPassword, setShowPassword] = useState(false);
  const toggleLabel = showPassword ? t('login.hidePassword') : t('login.showPassword');
  return (
    <>
      <TextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        autoFocus
        fullWidth
        value={props.userName}
        onChange={(event) => props.onUserNameChange(event.target.value)}
        inputRef={props.userNameRef}
        slotProps={{ htmlInput: { 'data-testid': 'login-username', autoCapitalize: 'none', spellCheck: false } }}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        fullWidth
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.target.value)}
        inputRef={props.passwordRef}
        slotProps={{
          htmlInput: { 'data-testid': 'login-password' },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label={toggleLabel} title={toggleLabel} edge="end" onClick={() => setShowPassword((shown) => !shown)}>
                  {showPassword ? <VisibilityOff /> : <Visibility />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
    </>
  );
}
