import LockIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useLayoutFormContext } from '../form-context';
import type { FieldRendererProps } from '../field-props';

// The dialogs (and MUI's text field and dialog) load when a user first unlocks or sets MFA up.
const MfaStepUpDialog = lazy(() => import('../MfaStepUpDialog'));
const MfaSetUpDialog = lazy(() => import('../MfaSetUpDialog'));

/** A field locked behind the MFA step: its value, the lock, and the way to unlock (MfaGatedRenderer). */
export default function MfaLockedField(props: FieldRendererProps) {
  const { field, store } = props;
  const { registry, mfa, t } = useLayoutFormContext();
  const [asking, setAsking] = useState(false);
  const [settingUp, setSettingUp] = useState(false);
  const Display = registry.componentFor('display');
  const setUp = mfa?.startEmailSetUp && mfa.confirmSetUp ? { startEmailSetUp: mfa.startEmailSetUp, confirmSetUp: mfa.confirmSetUp } : undefined;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 0 }}>
      <Display {...props} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <LockIcon fontSize="small" color="action" aria-hidden />
        {mfa && mfa.methods.length > 0 ? (
          <>
            <Typography variant="caption" color="text.secondary">
              {t('forms.mfa.locked')}
            </Typography>
            <Button size="small" onClick={() => setAsking(true)} data-testid={`unlock-${field.name}`}>
              {t('forms.mfa.unlock')}
            </Button>
          </>
        ) : (
          <>
            <Typography variant="caption" color="text.secondary">
              {t('forms.mfa.noMethod')}{' '}
              {!setUp && mfa?.setupHref && <Link href={mfa.setupHref}>{t('forms.mfa.setUp')}</Link>}
            </Typography>
            {setUp && (
              <Button size="small" onClick={() => setSettingUp(true)} data-testid={`set-up-mfa-${field.name}`}>
                {t('forms.mfa.setUp')}
              </Button>
            )}
          </>
        )}
      </Stack>
      {setUp && settingUp && (
        <Suspense fallback={null}>
          <MfaSetUpDialog
            open
            mfa={setUp}
            onClose={() => setSettingUp(false)}
            onVerified={(until) => {
              setSettingUp(false);
              store.unlockMfa(until);
            }}
          />
        </Suspense>
      )}
      {mfa && asking && (
        <Suspense fallback={null}>
          <MfaStepUpDialog
            open
            mfa={mfa}
            onClose={() => setAsking(false)}
            onVerified={(until) => {
              setAsking(false);
              store.unlockMfa(until);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
