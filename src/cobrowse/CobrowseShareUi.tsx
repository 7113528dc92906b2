import ScreenShareIcon from '@mui/icons-material/ScreenShareOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelConsent, codeExpired, startSharing, stopSharing } from './share-session';
import type { ShareState } from './share-state';

function ConsentDialog() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open onClose={cancelConsent} aria-labelledby="cobrowse-consent-title" data-testid="cobrowse-consent">
      <DialogTitle id="cobrowse-consent-title">{t('cobrowse.consent.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('cobrowse.consent.text')}</DialogContentText>
        <DialogContentText>{t('cobrowse.consent.masked')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={cancelConsent}>{t('common.cancel')}</Button>
        <Button
          variant="contained"
          disabled={busy}
          data-testid="cobrowse-consent-accept"
          onClick={() => {
            setBusy(true);
            void startSharing();
          }}
        >
          {t('cobrowse.consent.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The banner while the page is shared: the code to read out, who watches, and Stop. */
function SharingBanner({ state }: { state: Extract<ShareState, { phase: 'waiting' | 'live' }> }) {
  const { t } = useTranslation();
  const expiresAt = state.phase === 'waiting' ? Date.parse(state.expiresAt) : undefined;
  useEffect(() => {
    if (expiresAt === undefined) return undefined;
    const timer = window.setTimeout(() => void codeExpired(state.sessionId), Math.max(0, expiresAt - Date.now()));
    return () => window.clearTimeout(timer);
  }, [expiresAt, state.sessionId]);
  return (
    <Alert
      severity={state.phase === 'live' ? 'warning' : 'info'}
      icon={<ScreenShareIcon />}
      role="status"
      aria-label={t('cobrowse.banner.label')}
      data-testid="cobrowse-banner"
      data-cobrowse-phase={state.phase}
      sx={{ position: 'fixed', left: '50%', bottom: 16, transform: 'translateX(-50%)', zIndex: (theme) => theme.zIndex.snackbar + 1, boxShadow: 6, alignItems: 'center' }}
      action={
        <Button color="inherit" variant="outlined" size="small" onClick={() => void stopSharing()} data-testid="cobrowse-stop">
          {t('cobrowse.banner.stop')}
        </Button>
      }
    >
      {state.phase === 'live' ? (
        t('cobrowse.banner.live', { name: state.agentName })
      ) : (
        <>
          {t('cobrowse.banner.waiting')}{' '}
          <strong data-testid="cobrowse-code" style={{ letterSpacing: '0.2em', fontSize: '1.1em' }}>
            {state.code}
          </strong>
        </>
      )}
    </Alert>
  );
}

/** Loaded on demand: the consent dialog, then the banner until sharing stops. */
export default function CobrowseShareUi({ state }: { state: Exclude<ShareState, { phase: 'idle' }> }) {
  return state.phase === 'consent' ? <ConsentDialog /> : <SharingBanner state={state} />;
}
