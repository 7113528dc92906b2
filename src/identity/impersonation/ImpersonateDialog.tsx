import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AccountPicker, type PickedAccount } from '../../components/AccountPicker';
import { organisationIdOf } from '../../session/current-user';
import { candidateLabel, fetchImpersonationCandidates, type ImpersonationCandidate } from './impersonation-candidates';
import { useImpersonation } from './use-impersonation';

interface ImpersonateDialogProps {
  open: boolean;
  onClose: () => void;
}

/** Pick a user within reach by name and act as them (spec §2 menu "Impersonate"). */
export function ImpersonateDialog({ open, onClose }: ImpersonateDialogProps) {
  const { t } = useTranslation();
  const { user, impersonate } = useImpersonation();
  const [selected, setSelected] = useState<ImpersonationCandidate | null>(null);
  // The users listed are those of one organisation: the caller's reach until another is picked,
  // so a platform with many thousands of users is narrowed by organisation first.
  const [organisation, setOrganisation] = useState<PickedAccount | null>(null);
  const reach = user ? organisationIdOf(user) : undefined;
  const below = organisation?.AccountId ?? reach;
  const candidates = useQuery({
    queryKey: ['access', 'impersonationCandidates', below],
    queryFn: ({ signal }) => fetchImpersonationCandidates(below!, signal),
    enabled: open && below !== undefined,
    staleTime: 60_000,
  });
  const close = () => {
    if (impersonate.isPending) return;
    impersonate.reset();
    setSelected(null);
    setOrganisation(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (selected && !impersonate.isPending) impersonate.mutate(selected.AccountId);
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="impersonate-title" data-testid="impersonate-dialog">
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="impersonate-title">{t('access.impersonation.dialogTitle')}</DialogTitle>
        <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <DialogContentText>{t('access.impersonation.dialogIntro')}</DialogContentText>
          {impersonate.error && (
            <Alert severity="error" role="alert" data-testid="impersonate-error">
              {impersonate.error.message || t('errors.unknown')}
            </Alert>
          )}
          <AccountPicker
            value={organisation}
            onChange={(picked) => {
              setOrganisation(picked);
              setSelected(null);
            }}
            label={t('access.impersonation.organisationLabel')}
            includeDepartment
            targetRoot={reach}
            data-testid="impersonate-organisation"
          />
          <Autocomplete
            options={candidates.data ?? []}
            loading={candidates.isPending}
            value={selected}
            onChange={(_event, value) => {
              if (value?.Refusal) return; // a refused user cannot be chosen, even by keyboard or script
              setSelected(value);
              impersonate.reset();
            }}
            getOptionLabel={candidateLabel}
            isOptionEqualToValue={(option, value) => option.AccountId === value.AccountId}
            // Users Impersonate would refuse stay listed, greyed, with the reason under their name.
            getOptionDisabled={(option) => option.Refusal !== null}
            // A refused user stays readable (MUI dims disabled options to 38 %): the reason must be legible.
            slotProps={{ listbox: { sx: { '& .MuiAutocomplete-option[aria-disabled="true"]': { opacity: 1 } } } }}
            noOptionsText={t('access.impersonation.noUsers')}
            loadingText={t('access.impersonation.loadingUsers')}
            renderOption={(props, option) => {
              const { key, ...rest } = props;
              return (
                <Box
                  component="li"
                  key={key}
                  {...rest}
                  sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start !important' }}
                >
                  <Typography variant="body2" color={option.Refusal ? 'text.secondary' : undefined}>
                    {option.DisplayName}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {option.Username}
                    {option.ParentDisplayName ? ` · ${option.ParentDisplayName}` : ''}
                  </Typography>
                  {option.Refusal && (
                    <Typography variant="caption" color="text.primary" data-testid={`impersonate-refusal-${option.AccountId}`}>
                      {option.Refusal}
                    </Typography>
                  )}
                </Box>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                label={t('access.impersonation.userLabel')}
                placeholder={t('access.impersonation.searchPlaceholder')}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'impersonate-search' } }}
              />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={impersonate.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!selected || impersonate.isPending}
            startIcon={impersonate.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
            data-testid="impersonate-submit"
          >
            {t('access.impersonation.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
