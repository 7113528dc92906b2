import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { callService } from '../../api';
import { LOGIN_PATH } from '../../router/guard';
import { LoginFields } from '../login/LoginFields';
import { MfaCodeField } from '../mfa/MfaCodeField';
import { CenteredFormCard } from '../../components/CenteredFormCard';
import type { SsoLinkState } from '../../identity/sso/sso-sign-in';
import { chosenSsoId, chosenSsoName, finishSsoSignIn } from '../../identity/sso/sso-sign-in';
import { useGoTo } from './use-go-to';

interface Confirmation {
  userName: string;
  password: string;
  mfaToken?: string;
}

/**
 * /sso-link/{openIdSubIdentifier} (spec §2): the provider confirmed a person
 * no user is linked to yet. Confirming with a user name and password (and the
 * MFA code when the user has MFA) links them and signs in.
 */
export default function SsoLinkScreen() {
  const { t } = useTranslation();
  const { openIdSubIdentifier = '' } = useParams();
  const person = (useLocation().state ?? null) as SsoLinkState | null;
  const providerName = chosenSsoName();
  const queryClient = useQueryClient();
  const goTo = useGoTo();
  const [userName, setUserName] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<string>();
  const userNameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirm = useMutation({
    mutationFn: (confirmation: Confirmation) =>
      callService(
        'Authorization',
        'AuthenticateWithSubConfirmation',
        { ...confirmation, subId: openIdSubIdentifier, clientName: chosenSsoId() },
        { suppressErrors: true },
      ),
  });

  const canSubmit = !confirm.isPending && userName.trim() !== '' && password !== '' && (!needsCode || code.length === 6);
  const submit = async () => {
    if (!canSubmit) return;
    setError(undefined);
    try {
      const user = await confirm.mutateAsync({ userName: userName.trim(), password, mfaToken: needsCode ? code : undefined });
      if (user.MfaRequired) {
        setNeedsCode(true);
        return;
      }
      goTo(await finishSsoSignIn(queryClient, user));
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t('errors.unknown'));
      setCode('');
      if (!needsCode) {
        setPassword('');
        passwordRef.current?.focus();
      }
    }
  };
  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setError(undefined);
  };

  return (
    <CenteredFormCard
      title={t('access.sso.linkTitle')}
      testId="sso-link"
      onSubmit={() => void submit()}
      busy={confirm.isPending}
      intro={
        <Stack spacing={1}>
          {providerName && person?.name && (
            <Typography variant="body2" color="text.primary" data-testid="sso-link-identity">
              {t('access.sso.linkSignedInAs', { provider: providerName, name: person.email ? `${person.name} (${person.email})` : person.name })}
            </Typography>
          )}
          <span>{t('access.sso.linkIntro')}</span>
        </Stack>
      }
    >
      {error && (
        <Alert severity="error" role="alert" data-testid="sso-link-error">
          {error}
        </Alert>
      )}
      <LoginFields
        userName={userName}
        password={password}
        onUserNameChange={edit(setUserName)}
        onPasswordChange={edit(setPassword)}
        userNameRef={userNameRef}
        passwordRef={passwordRef}
      />
      {needsCode && (
        <Stack spacing={1}>
          <Typography variant="body2" color="text.secondary">
            {t('access.sso.mfaPrompt')}
          </Typography>
          <MfaCodeField value={code} onChange={edit(setCode)} autoFocus />
        </Stack>
      )}
      <Button type="submit" variant="contained" size="large" fullWidth disabled={!canSubmit} data-testid="sso-link-submit">
        {confirm.isPending ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : t('access.sso.linkSubmit')}
      </Button>
      <Link component={RouterLink} to={LOGIN_PATH} replace variant="body2" data-testid="sso-link-cancel">
        {t('access.sso.backToSignIn')}
      </Link>
    </CenteredFormCard>
  );
}
