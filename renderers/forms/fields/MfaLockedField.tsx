import LockIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useLayoutFormContext } from '../form-context';
import type { FieldRendererProps } from '../field-props';

// The dialog (and MUI's text field and dialog) load when a user first unlocks.
const MfaStepUpDialog = lazy(() => import('../MfaStepUpDialog'));

/** A field locked behind the MFA step: its value, the lock, and the way to unlock (MfaGatedRenderer). */
export default function MfaLockedField(props: FieldRendererProps) {
  const { field, store } = props;
  const { registry, mfa, t } = useLayoutFormContext();
  const [asking, setAsking] = useState(false);
  const Display = registry.componentFor('display');
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
          <Typography variant="caption" color="text.secondary">
            {t('forms.mfa.noMethod')}{' '}
            {mfa?.setupHref && <Link href={mfa.setupHref}>{t('forms.mfa.setUp')}</Link>}
          </Typography>
        )}
      </Stack>
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
