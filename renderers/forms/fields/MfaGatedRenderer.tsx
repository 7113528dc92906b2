import LockIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, memo, Suspense, useState } from 'react';
import { and, FIELD_KINDS, isReadOnly, needsMfa, not, rankWith } from '../../../engine/forms';
import { useLayoutFormContext } from '../form-context';
import type { FieldRendererEntry } from '../registry';
import type { FieldRendererProps } from '../field-props';

// The dialog (and MUI's text field and dialog) load when a user first unlocks.
const MfaStepUpDialog = lazy(() => import('../MfaStepUpDialog'));

/**
 * Fields that need a fresh MFA proof to change: read-only until the user passes
 * the MFA step, then the field's own renderer. The server refuses the change
 * without the proof either way.
 */
function MfaGatedRendererComponent(props: FieldRendererProps) {
  const { field, state, store } = props;
  const { registry, mfa, t } = useLayoutFormContext();
  const [asking, setAsking] = useState(false);
  const Direct = registry.componentFor(field.directRenderer);
  if (!state.locked) return <Direct {...props} />;
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

export const mfaGatedRenderer: FieldRendererEntry = {
  name: 'mfaGated',
  tester: rankWith(20, and(needsMfa, not(isReadOnly))),
  component: memo(MfaGatedRendererComponent),
  kinds: FIELD_KINDS,
  wraps: true,
};
