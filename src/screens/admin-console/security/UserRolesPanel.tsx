import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { kindLabel } from '../../../../engine/grids';
import { callService } from '../../../api';
import { showSuccess } from '../../../messages';
import { useUnsavedChangesGuard } from '../../../shell/unsaved-changes';
import { meetsRequirements } from '../../../router/guard';
import { useCurrentUser } from '../../../session/current-user';
import { withLoginLossConfirmation } from './login-loss';
import { refreshSecurity, useRoles, useRolesForUser } from './security-queries';

/** The roles a user holds, chosen from those offered at the user's account (Security/SetRolesForUser). */
export function UserRolesPanel({ userId, userName }: { userId: number; userName: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const capabilities = useCurrentUser().data?.Capability ?? [];
  const mayChange = meetsRequirements(capabilities, [{ ObjectType: 'SECURITY_ROLES', Execute: true }]);
  const available = useRoles(userId, true);
  const assigned = useRolesForUser(userId);
  const [chosen, setChosen] = useState<number[] | undefined>();
  const selected = chosen ?? assigned.data?.map((role) => role.Id) ?? [];
  const held = assigned.data?.map((role) => role.Id) ?? [];
  // Ticked roles not saved yet: leaving asks first.
  useUnsavedChangesGuard(chosen !== undefined && (chosen.length !== held.length || chosen.some((id) => !held.includes(id))));

  const save = useMutation({
    mutationFn: () =>
      withLoginLossConfirmation(t, (confirmLoginLoss, options) => callService('Security', 'SetRolesForUser', { accountId: userId, roleIds: selected, confirmLoginLoss }, options)),
    onSuccess: async () => {
      showSuccess(t('admin.security.saved'));
      setChosen(undefined);
      await refreshSecurity(queryClient);
    },
  });

  // Roles the user holds but could not be given now still show, so saving keeps them.
  const roles = [...(available.data ?? []), ...(assigned.data ?? []).filter((role) => !available.data?.some((entry) => entry.Id === role.Id))];
  const toggle = (id: number, on: boolean) => setChosen(on ? [...selected, id] : selected.filter((entry) => entry !== id));

  return (
    <Card variant="outlined" data-testid="user-roles">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('admin.security.userRoles', { name: userName })}
        </Typography>
        {(available.isPending || assigned.isPending) && <LinearProgress />}
        {assigned.isError && <Alert severity="error">{t('admin.security.notAUser')}</Alert>}
        <FormGroup>
          {roles.map((role) => (
            <FormControlLabel
              key={role.Id}
              control={<Checkbox checked={selected.includes(role.Id)} onChange={(event) => toggle(role.Id, event.target.checked)} disabled={!mayChange} />}
              label={kindLabel('systemRole', role.Name, t)}
            />
          ))}
        </FormGroup>
        {mayChange && (
          <Box sx={{ mt: 2 }}>
            <Button variant="contained" disabled={chosen === undefined || save.isPending} onClick={() => save.mutate()} data-testid="user-roles-save">
              {t('admin.security.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
