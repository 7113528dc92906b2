import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { LightTextField } from '../../../renderers/inputs/LightTextField';
import { PasswordField } from '../../../renderers/inputs/PasswordField';

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
  return (
    <>
      <LightTextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        autoFocus
        value={props.userName}
        onChange={(event) => props.onUserNameChange(event.target.value)}
        inputRef={props.userNameRef}
        htmlInput={{ 'data-testid': 'login-username', autoCapitalize: 'none', spellCheck: false }}
      />
      <PasswordField
        label={t('login.password')}
        name="password"
        autoComplete="current-password"
        value={props.password}
        onChange={props.onPasswordChange}
        inputRef={props.passwordRef}
        testId="login-password"
      />
    </>
  );
}
