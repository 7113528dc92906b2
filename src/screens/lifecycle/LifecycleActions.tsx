import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { satisfiesCheck } from '../../../engine/shared';
import type { Capability } from '../../contract';

/** The account page's Move and Terminate buttons (they open /move and /terminate for this account). */
export function LifecycleActions({ accountId, accountType, accountState, capabilities }: { accountId: number; accountType: string; accountState: string; capabilities: readonly Capability[] }) {
  const { t } = useTranslation();
  if (accountState === 'Terminated') return null;
  const mayMove = satisfiesCheck(capabilities, { ObjectType: 'ACCOUNT_MOVE', Execute: true }) && accountType !== 'Reseller';
  const mayTerminate = satisfiesCheck(capabilities, { ObjectType: 'ACCOUNT_TERMINATION', Read: true });
  if (!mayMove && !mayTerminate) return null;
  return (
    <Stack direction="row" spacing={1}>
      {mayMove && accountType !== 'Product' && (
        <Button size="small" variant="outlined" component={RouterLink} to={`/move?accountId=${accountId}`} data-testid="account-action-move">
          {t('lifecycle.actions.move')}
        </Button>
      )}
      {mayTerminate && (
        <Button size="small" variant="outlined" color="error" component={RouterLink} to={`/terminate?accountId=${accountId}`} data-testid="account-action-terminate">
          {t('lifecycle.actions.terminate')}
        </Button>
      )}
    </Stack>
  );
}
