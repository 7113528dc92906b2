import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { LOGIN_PATH } from '../../router/guard';
import { CenteredFormCard } from '../../components/CenteredFormCard';
import { authenticateOpenId, finishSsoSignIn, isLinkRequired } from './sso-sign-in';
import { useGoTo } from './use-go-to';

/** What /sso-link/{token} receives from here: how the provider knows the person. */
export interface SsoLinkState {
  name: string | null;
  email: string | null;
}

/**
 * /sso-auth/{code}/{state} (spec §2): the provider sent the browser back; the
 * server redeems the code. A known identity is signed in, an unknown one goes
 * on to /sso-link to be linked to a user.
 */
export default function SsoAuthScreen() {
  const { t } = useTranslation();
  const { code = '', state = '' } = useParams();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const goTo = useGoTo();
  const [error, setError] = useState<string>();
  // A state works once: never send it twice (StrictMode runs effects twice in development).
  const sent = useRef<string | undefined>(undefined);

  useEffect(() => {
    const attempt = `${code}\n${state}`;
    if (sent.current === attempt) return;
    sent.current = attempt;
    void (async () => {
      try {
        const answer = await authenticateOpenId(code, state);
        if (isLinkRequired(answer)) {
          const linkState: SsoLinkState = { name: answer.Name, email: answer.Email };
          navigate(`/sso-link/${encodeURIComponent(answer.OpenIdSubIdentifier)}`, { replace: true, state: linkState });
          return;
        }
        goTo(await finishSsoSignIn(queryClient, answer));
      } catch (failure) {
        setError(failure instanceof Error && failure.message ? failure.message : t('errors.unknown'));
      }
    })();
  }, [code, state, goTo, navigate, queryClient, t]);

  if (!error) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2 }}>
        <CircularProgress aria-hidden />
        <Typography color="text.secondary" role="status" data-testid="sso-auth-progress">
          {t('access.sso.completing')}
        </Typography>
      </Box>
    );
  }
  return (
    <CenteredFormCard title={t('access.sso.failedTitle')} testId="sso-auth-failed">
      <Alert severity="error" role="alert" data-testid="sso-auth-error">
        {error}
      </Alert>
      <Button component={RouterLink} to={LOGIN_PATH} replace variant="contained" data-testid="sso-back-to-login">
        {t('access.sso.backToSignIn')}
      </Button>
    </CenteredFormCard>
  );
}
