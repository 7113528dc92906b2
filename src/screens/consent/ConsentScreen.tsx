import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { getBranding } from '../../branding';
import { consentServiceById } from '../../consent/consent-services';
import { acceptConsent, useConsentRecord } from '../../consent/consent-store';
import { formatDateTime } from '../../i18n/format';
import { REDIRECT_PARAM } from '../../router/guard';
import { resolveRedirectTarget } from '../../router/redirect-target';

/**
 * /consent/{usercentricsServiceId} (spec §2): public and plain. Shows whether
 * this browser accepted the service and lets the user accept it; the query
 * string may carry `redirect`, the page to continue to afterwards.
 */
export default function ConsentScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { usercentricsServiceId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const record = useConsentRecord();
  const service = consentServiceById(usercentricsServiceId);
  const acceptedAt = record[usercentricsServiceId];
  const redirect = searchParams.get(REDIRECT_PARAM);

  const next = () => {
    const target = resolveRedirectTarget(redirect);
    if (target.kind === 'router') navigate(target.path);
    else window.location.assign(target.href);
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', px: 2 }}>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 480, p: { xs: 3, sm: 4 } }} data-testid="consent-screen">
        <Stack spacing={2.5}>
          <Typography variant="overline" color="text.secondary">
            {getBranding().title}
          </Typography>
          <Typography variant="h5" component="h1">
            {service ? t(service.nameKey) : t('shell.consent.unknownTitle')}
          </Typography>
          {!service && <Alert severity="warning">{t('shell.consent.unknownText', { id: usercentricsServiceId })}</Alert>}
          {service && (
            <>
              <Typography color="text.secondary">{t('shell.consent.explanation')}</Typography>
              {acceptedAt ? (
                <Alert icon={<CheckCircleIcon />} severity="success" data-testid="consent-state">
                  {t('shell.consent.acceptedOn', { date: formatDateTime(acceptedAt) })}
                </Alert>
              ) : (
                <Alert severity="info" data-testid="consent-state">
                  {t('shell.consent.notAccepted')}
                </Alert>
              )}
              <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
                {redirect && (
                  <Button onClick={next} data-testid="consent-continue">
                    {t('shell.consent.continue')}
                  </Button>
                )}
                {!acceptedAt && (
                  <Button variant="contained" onClick={() => acceptConsent(usercentricsServiceId)} data-testid="consent-accept">
                    {t('shell.consent.accept')}
                  </Button>
                )}
              </Stack>
            </>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
