import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { ADMIN_METADATA_QUERY_KEY, useAdminMetadata } from './admin-queries';
import { describeMaintenance } from './maintenance-state';
import { canExecuteAdministration } from './sections';

type Choice = 'soon' | 'in' | 'now' | 'off';
type Unit = 'minutes' | 'seconds';

const MAX_SECONDS = 7 * 24 * 3600;

/** The `mode` ScheduleMaintenance takes, or undefined while the delay is not a valid whole number. */
export function maintenanceMode(choice: Choice, amount: string, unit: Unit): 'soon' | 'off' | number | undefined {
  if (choice === 'soon' || choice === 'off') return choice;
  if (choice === 'now') return 0;
  if (!/^\d+$/.test(amount.trim())) return undefined;
  const seconds = Number(amount) * (unit === 'minutes' ? 60 : 1);
  return seconds >= 1 && seconds <= MAX_SECONDS ? seconds : undefined;
}

/** Admin/ScheduleMaintenance: announce maintenance to every signed-in user. */
export function MaintenanceSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { data: metadata } = useAdminMetadata();
  const allowed = canExecuteAdministration(user?.Capability ?? []);
  const [choice, setChoice] = useState<Choice>('in');
  const [amount, setAmount] = useState('5');
  const [unit, setUnit] = useState<Unit>('minutes');
  const mode = maintenanceMode(choice, amount, unit);

  const schedule = useMutation({
    mutationFn: (value: 'soon' | 'off' | number) => callService('Admin', 'ScheduleMaintenance', { mode: value }),
    onSuccess: (state) => {
      showSuccess(state.Mode === 'off' ? t('admin.maintenance.ended') : t('admin.maintenance.announced'));
      void queryClient.invalidateQueries({ queryKey: ADMIN_METADATA_QUERY_KEY });
    },
  });

  return (
    <Card variant="outlined" data-testid="admin-maintenance">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('admin.maintenance.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('admin.maintenance.intro')}
        </Typography>
        {metadata && (
          <Alert severity={metadata.Maintenance.Mode === 'off' ? 'success' : 'warning'} sx={{ mb: 2 }} data-testid="maintenance-state">
            {describeMaintenance(metadata.Maintenance, t)}
          </Alert>
        )}
        {!allowed && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('admin.readOnly')}
          </Alert>
        )}
        <RadioGroup value={choice} onChange={(event) => setChoice(event.target.value as Choice)} aria-label={t('admin.maintenance.title')}>
          <FormControlLabel value="soon" control={<Radio />} label={t('admin.maintenance.soon')} data-testid="maintenance-choice-soon" />
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 1 }}>
            <FormControlLabel value="in" control={<Radio />} label={t('admin.maintenance.in')} data-testid="maintenance-choice-in" />
            <TextField
              size="small"
              value={amount}
              onChange={(event) => {
                setAmount(event.target.value);
                setChoice('in');
              }}
              error={choice === 'in' && mode === undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': t('admin.maintenance.amount'), 'data-testid': 'maintenance-amount' } }}
              sx={{ width: 120 }}
            />
            <TextField
              select
              size="small"
              value={unit}
              onChange={(event) => {
                setUnit(event.target.value as Unit);
                setChoice('in');
              }}
              slotProps={{ htmlInput: { 'aria-label': t('admin.maintenance.unit') } }}
              sx={{ width: 160 }}
            >
              <MenuItem value="minutes">{t('admin.maintenance.minutes')}</MenuItem>
              <MenuItem value="seconds">{t('admin.maintenance.seconds')}</MenuItem>
            </TextField>
          </Box>
          <FormControlLabel value="now" control={<Radio />} label={t('admin.maintenance.now')} data-testid="maintenance-choice-now" />
          <FormControlLabel value="off" control={<Radio />} label={t('admin.maintenance.off')} data-testid="maintenance-choice-off" />
        </RadioGroup>
        <Box sx={{ mt: 2 }}>
          <Button
            variant="contained"
            disabled={!allowed || mode === undefined || schedule.isPending}
            onClick={() => mode !== undefined && schedule.mutate(mode)}
            data-testid="maintenance-submit"
          >
            {choice === 'off' ? t('admin.maintenance.end') : t('admin.maintenance.announce')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
