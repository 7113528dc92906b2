import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import MfaStepUpDialog from '../../../renderers/forms/MfaStepUpDialog';
import { satisfiesCheck } from '../../../engine/shared';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { confirm, isConfirmCancelled } from '../../shell/confirm';
import { useCurrentUser } from '../../session/current-user';
import { methodTypeKey } from '../mfa/method-labels';
import { mfaServices } from './form-services';

/**
 * An administrator's view of one user's two-step verification (issue 23): on or off and of which
 * kinds; reset it after a step-up (audited, the user gets a mail, signed out everywhere), or sign the
 * user out everywhere.
 */
export function UserMfaPanel({ userId, userName }: { userId: number; userName?: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: me } = useCurrentUser();
  const capabilities = me?.Capability ?? [];
  const mayReset = satisfiesCheck(capabilities, { ObjectType: 'MFA', Execute: true });
  const mayEndSessions = mayReset || satisfiesCheck(capabilities, { ObjectType: 'USER_ACCOUNT', Execute: true });
  const queryKey = ['identity', 'userMfa', userId];
  const summary = useQuery({ queryKey, queryFn: () => callService('Account', 'GetUserMfaSummary', { userAccountId: userId }) });
  const [steppingUp, setSteppingUp] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const name = userName ?? t('identity.userMfa.thisUser');
  const reset = useMutation({
    mutationFn: () => callService('Account', 'DisableMfaForUser', { userAccountId: userId }, { suppressErrors: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey });
      setDone(true);
      showSuccess(t('identity.userMfa.resetDoneFor', { name }));
    },
    onError: (failure) => setError(failure.message),
  });
  const endSessions = useMutation({
    mutationFn: () => callService('Account', 'EndUserSessions', { userAccountId: userId }),
    onSuccess: (result) => showSuccess(t('identity.sessions.ended', { count: result.Ended })),
  });
  // The step-up takes codes; an administrator without a code method is not asked (the server decides the same way).
  const stepUp = me ? mfaServices({ ...me, UserAuthenticationMethods: me.UserAuthenticationMethods.filter((method) => method.Type !== 'PASSKEY') }) : undefined;
  // One click never removes a user's second factor: the confirmation names the methods and whose sessions end.
  const startReset = async () => {
    setError(undefined);
    setDone(false);
    const methods = (summary.data?.Types ?? []).map((type) => t(methodTypeKey(type))).join(', ');
    try {
      await confirm({
        title: t('identity.userMfa.resetTitle', { name }),
        text: t('identity.userMfa.resetConfirm', { name, methods }),
        confirmLabel: t('identity.userMfa.reset'),
        destructive: true,
        // Wide enough for the longest confirm label (German) on one line.
        width: 560,
      });
    } catch (cancelled) {
      if (isConfirmCancelled(cancelled)) return;
      throw cancelled;
    }
    if (stepUp && stepUp.methods.length > 0) setSteppingUp(true);
    else reset.mutate();
  };
  if (!summary.data) return null;
  const { HasMfa, Types, MustSetupMfa } = summary.data;
  return (
    <Card variant="outlined" data-testid="user-mfa">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('identity.userMfa.title')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 2 }} data-testid="user-mfa-state">
          <Chip color={HasMfa ? 'success' : 'default'} label={HasMfa ? t('identity.userMfa.on') : t('identity.userMfa.off')} />
          {Types.map((type) => (
            <Chip key={type} variant="outlined" label={t(methodTypeKey(type))} />
          ))}
          {MustSetupMfa && <Chip color="warning" label={t('identity.userMfa.mustSetUp')} />}
        </Stack>
        {done && (
          <Alert severity="success" sx={{ mb: 2 }} data-testid="user-mfa-reset-done">
            {t('identity.userMfa.resetDoneFor', { name })}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }} role="alert">
            {error}
          </Alert>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {mayReset && HasMfa && (
            <Button variant="outlined" color="error" onClick={() => void startReset()} disabled={reset.isPending} data-testid="user-mfa-reset">
              {t('identity.userMfa.reset')}
            </Button>
          )}
          {mayEndSessions && (
            <Button variant="outlined" onClick={() => endSessions.mutate()} disabled={endSessions.isPending} data-testid="user-sessions-end">
              {t('identity.userMfa.endSessions')}
            </Button>
          )}
        </Stack>
      </CardContent>
      {stepUp && (
        <MfaStepUpDialog
          open={steppingUp}
          mfa={stepUp}
          onClose={() => setSteppingUp(false)}
          onVerified={() => {
            setSteppingUp(false);
            reset.mutate();
          }}
        />
      )}
    </Card>
  );
}
