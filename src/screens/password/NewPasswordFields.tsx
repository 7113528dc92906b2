import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { PasswordField } from './PasswordField';
import { PasswordRulesChecklist } from './PasswordRulesChecklist';
import { usePasswordCheck } from './use-password-check';

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** Reset token: the server checks the password against that user's names. */
  token?: string;
  autoFocus?: boolean;
}

export const passwordsMatch = (password: string, confirmation: string) => confirmation === '' || password === confirmation;

/** New password and its confirmation, with the rules ticked live and "Passwords do not match". */
export function NewPasswordFields({ password, confirmation, onPasswordChange, onConfirmationChange, token, autoFocus }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const check = usePasswordCheck(password, token);
  const mismatch = !passwordsMatch(password, confirmation);
  return (
    <Stack spacing={2}>
      <PasswordField
        label={t('identity.password.new')}
        name="new-password"
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={password}
        onChange={onPasswordChange}
        testId="password-new"
      />
      <PasswordRulesChecklist failedRules={check.failedRules} busy={check.checking} />
      {check.error && (
        <Alert severity="error" data-testid="password-check-error">
          {check.error}
        </Alert>
      )}
      <PasswordField
        label={t('identity.password.confirm')}
        name="confirm-password"
        autoComplete="new-password"
        value={confirmation}
        onChange={onConfirmationChange}
        error={mismatch}
        helperText={mismatch ? t('identity.password.mismatch') : undefined}
        testId="password-confirm"
      />
    </Stack>
  );
}
