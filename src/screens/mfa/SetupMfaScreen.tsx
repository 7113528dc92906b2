import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { loginPathFor, REDIRECT_PARAM } from '../../router/guard';
import { useCurrentUser } from '../../session/current-user';
import { CenteredFormCard } from '../../components/CenteredFormCard';
import { withRedirect } from './with-redirect';
import { MfaCodeField } from './MfaCodeField';
import { SetupFooter } from './SetupFooter';
import { useFinishMfaSetup } from './use-finish-mfa-setup';

/** The key as authenticator apps print it: groups of four. */
const groupedKey = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * /setup-mfa?redirect= (spec §2, §4; plain): a new authenticator-app method —
 * QR code and manual key, enabled by a first code. Forced when MustSetupMfa.
 */
export default function SetupMfaScreen() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get(REDIRECT_PARAM);
  const location = useLocation();
  // The guard lets MFA steps through without the user; setting up needs one.
  const { data: user, isError: signedOut } = useCurrentUser();
  const finish = useFinishMfaSetup();
  // One pending method per visit; StrictMode's second mount shares this query instead of starting another.
  const setup = useQuery({
    queryKey: ['identity', 'mfaSetup', 'TOTP'],
    queryFn: () => callService('Account', 'SetUpTwoFactorAuthentication', { authenticationMethod: { Type: 'TOTP' } }, { suppressErrors: true }),
    enabled: Boolean(user),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const [qr, setQr] = useState<string>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const enable = useMutation({
    mutationFn: (mfaToken: string) =>
      callService('Account', 'EnableTwoFactorAuthentication', { mfaToken, authenticationMethodId: setup.data!.AuthenticationMethodId }, { suppressErrors: true }),
  });

  const uri = setup.data?.OtpAuthUri;
  useEffect(() => {
    if (!uri) return;
    let cancelled = false;
    QRCode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' })
      .then((dataUrl) => !cancelled && setQr(dataUrl))
      .catch((failure: unknown) => console.error('QR code could not be drawn', failure));
    return () => {
      cancelled = true;
    };
  }, [uri]);

  if (signedOut) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;

  const submit = async () => {
    if (code.length !== 6 || !setup.data || enable.isPending) return;
    setError(undefined);
    try {
      await enable.mutateAsync(code);
      await finish();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('errors.unknown'));
      setCode('');
    }
  };

  const secret = setup.data?.Secret ?? '';
  const copy = async () => {
    await navigator.clipboard?.writeText(secret).catch(() => undefined);
    showSuccess(t('identity.setup.copied'));
  };

  return (
    <CenteredFormCard
      title={t('identity.setup.title')}
      intro={user?.MustSetupMfa ? t('identity.setup.required') : t('identity.setup.optional')}
      onSubmit={() => void submit()}
      busy={enable.isPending}
      maxWidth={520}
      testId="setup-mfa"
    >
      <Stack spacing={1.5}>
        <Typography variant="body2">{t('identity.setup.scan')}</Typography>
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          {qr ? (
            <Box component="img" src={qr} alt={t('identity.setup.qrAlt')} data-testid="mfa-qr" sx={{ width: 200, height: 200, borderRadius: 1, bgcolor: '#fff' }} />
          ) : (
            <Skeleton variant="rectangular" width={200} height={200} />
          )}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('identity.setup.manual')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', bgcolor: 'action.hover', borderRadius: 1, px: 1.5, py: 0.5 }}>
          <Typography component="code" data-testid="mfa-secret" data-secret={secret} sx={{ fontFamily: 'monospace', fontSize: '1rem', flexGrow: 1, wordBreak: 'break-all' }}>
            {secret ? groupedKey(secret) : '…'}
          </Typography>
          <IconButton aria-label={t('identity.setup.copy')} title={t('identity.setup.copy')} onClick={() => void copy()} disabled={!secret}>
            <ContentCopyIcon fontSize="small" />
          </IconButton>
        </Stack>
      </Stack>
      {setup.isError && <Alert severity="error">{setup.error.message}</Alert>}
      <Typography variant="body2">{t('identity.setup.enterCode')}</Typography>
      {error && (
        <Alert severity="error" role="alert" data-testid="setup-mfa-error">
          {error}
        </Alert>
      )}
      <MfaCodeField value={code} onChange={(value) => { setCode(value); setError(undefined); }} />
      <Button type="submit" variant="contained" size="large" fullWidth disabled={code.length !== 6 || !setup.data || enable.isPending} data-testid="setup-mfa-submit">
        {enable.isPending ? <CircularProgress size={24} color="inherit" aria-label={t('common.loading')} /> : t('identity.setup.enable')}
      </Button>
      <Link component={RouterLink} to={withRedirect('/setup-mfa-email', redirect)} variant="body2" data-testid="setup-use-email">
        {t('identity.setup.useEmail')}
      </Link>
      <SetupFooter />
    </CenteredFormCard>
  );
}
