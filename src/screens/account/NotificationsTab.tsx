import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { satisfiesCheck } from '../../../engine/shared';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';

interface Preferences {
  IsEnabled: boolean;
  CommitmentPeriods: CommitmentPeriod[];
}
type CommitmentPeriod = '1-month' | 'annual' | '3-year' | 'other';

/** Spec §9 commitment options, in the order the server stores them, with their text keys. */
const PERIODS: readonly (readonly [CommitmentPeriod, string])[] = [
  ['1-month', 'oneMonth'],
  ['annual', 'annual'],
  ['3-year', 'threeYears'],
  ['other', 'other'],
];

const preferencesKey = (accountId: number) => ['notificationPreferences', accountId] as const;

const samePreferences = (a: Preferences, b: Preferences) =>
  a.IsEnabled === b.IsEnabled && a.CommitmentPeriods.length === b.CommitmentPeriods.length && a.CommitmentPeriods.every((period) => b.CommitmentPeriods.includes(period));

/**
 * The notifications tab of a user account: renewal notifications on or off and
 * the commitment periods they cover (spec §5: at least one). One's own change with
 * NOTIFICATIONS Read; another user's need Execute, else they show disabled.
 */
export function NotificationsTab({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const capabilities = user?.Capability ?? [];
  // One's own settings with Read (the tab's requirement), another user's with Execute (as the server checks).
  const own = user?.UserAccountId === accountId;
  const mayChange = satisfiesCheck(capabilities, { ObjectType: 'NOTIFICATIONS', Execute: true }) || (own && satisfiesCheck(capabilities, { ObjectType: 'NOTIFICATIONS', Read: true }));
  const stored = useQuery({
    queryKey: preferencesKey(accountId),
    queryFn: ({ signal }) => callService('Notification', 'GetUserNotificationPreferences', { userAccountId: accountId }, { signal, suppressErrors: true }),
  });
  const [draft, setDraft] = useState<Preferences>();
  const current = draft ?? stored.data;
  const dirty = Boolean(draft && stored.data && !samePreferences(draft, stored.data));
  useUnsavedChangesGuard(dirty);

  const save = useMutation({
    mutationFn: (preferences: Preferences) => callService('Notification', 'UpdateUserNotificationPreferences', { userAccountId: accountId, preferences }),
    onSuccess: (saved) => {
      queryClient.setQueryData(preferencesKey(accountId), saved);
      setDraft(undefined);
      showSuccess(t('account.notifications.saved'));
    },
  });

  if (stored.isError) return <Alert severity="error">{t('account.notifications.loadFailed')}</Alert>;
  if (!current) return <LinearProgress />;

  const noPeriod = current.CommitmentPeriods.length === 0;
  const togglePeriod = (period: CommitmentPeriod, on: boolean) =>
    setDraft({ ...current, CommitmentPeriods: on ? PERIODS.map(([value]) => value).filter((value) => value === period || current.CommitmentPeriods.includes(value)) : current.CommitmentPeriods.filter((value) => value !== period) });

  return (
    <Card variant="outlined" sx={{ maxWidth: 640 }} data-testid="account-subpage-notifications">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('account.notifications.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('account.notifications.intro')}
        </Typography>
        {!mayChange && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('account.notifications.readOnly')}
          </Alert>
        )}
        <FormControlLabel
          control={<Switch checked={current.IsEnabled} onChange={(event) => setDraft({ ...current, IsEnabled: event.target.checked })} disabled={!mayChange} data-testid="notifications-enabled" />}
          label={t('account.notifications.enabled')}
        />
        <FormControl component="fieldset" error={noPeriod} sx={{ display: 'block', mt: 2 }}>
          <FormLabel component="legend">{t('account.notifications.periods')}</FormLabel>
          <FormGroup row>
            {PERIODS.map(([period, key]) => (
              <FormControlLabel
                key={period}
                control={
                  <Checkbox
                    checked={current.CommitmentPeriods.includes(period)}
                    onChange={(event) => togglePeriod(period, event.target.checked)}
                    disabled={!mayChange}
                    data-testid={`notifications-period-${period}`}
                  />
                }
                label={t(`account.notifications.period.${key}`)}
              />
            ))}
          </FormGroup>
          {noPeriod && <FormHelperText data-testid="notifications-period-error">{t('forms.validation.atLeastOne')}</FormHelperText>}
        </FormControl>
        {mayChange && (
          <Box sx={{ mt: 2 }}>
            <Button variant="contained" disabled={!dirty || noPeriod || save.isPending} onClick={() => save.mutate(current)} data-testid="notifications-save">
              {t('account.notifications.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

export default NotificationsTab;
