/**
 * IP restrictions of an organisation (account security page, company admins):
 * allow and deny entries of IPv4/IPv6 addresses, CIDR blocks or a-b ranges,
 * comma-separated (spec §5). The server checks every entry ("Invalid IP
 * range" naming it) and refuses a list that would lock the saving admin out.
 */
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { satisfiesCheck } from '../../../engine/shared';
import { callService } from '../../api';
import type { BodyOf } from '../../../contract';
import type { catalogue } from '../../../contract/catalogue';
import { showSuccess } from '../../messages';
import { useCurrentUser } from '../../session';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';

type Restrictions = BodyOf<typeof catalogue.IpRestrictions.SaveAuthorizationRestrictions>['restrictions'];
type Entry = Restrictions['Entries'][number];

const restrictionsKey = (accountId: number) => ['ipRestrictions', accountId] as const;

export function IpRestrictionsPanel({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const capabilities = useCurrentUser().data?.Capability ?? [];
  const mayChange = satisfiesCheck(capabilities, { ObjectType: 'IP_RESTRICTIONS', Execute: true });
  const stored = useQuery({
    queryKey: restrictionsKey(accountId),
    queryFn: ({ signal }) => callService('IpRestrictions', 'GetAuthorizationRestrictions', { accountId }, { signal, suppressErrors: true }),
  });
  const [draft, setDraft] = useState<Restrictions>();
  const current = draft ?? stored.data;
  useUnsavedChangesGuard(Boolean(draft && JSON.stringify(draft) !== JSON.stringify(stored.data)));
  const save = useMutation({
    mutationFn: (restrictions: Restrictions) =>
      callService('IpRestrictions', 'SaveAuthorizationRestrictions', { companyAccountId: accountId, restrictions }, { suppressErrors: true }),
    onSuccess: (saved) => {
      queryClient.setQueryData(restrictionsKey(accountId), saved);
      setDraft(undefined);
      showSuccess(t('lifecycle.ip.saved'));
    },
  });

  if (stored.isError) return <Alert severity="error">{t('lifecycle.ip.loadFailed')}</Alert>;
  if (!current) return <LinearProgress />;
  const change = (next: Restrictions) => {
    save.reset();
    setDraft(next);
  };
  const setEntry = (index: number, entry: Partial<Entry>) => change({ ...current, Entries: current.Entries.map((row, i) => (i === index ? { ...row, ...entry } : row)) });
  const blank = current.Entries.some((entry) => !entry.Ranges.trim());

  return (
    <Card variant="outlined" sx={{ mt: 2 }} data-testid="ip-restrictions">
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('lifecycle.ip.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('lifecycle.ip.intro')}
        </Typography>
        <FormControlLabel
          control={<Switch checked={current.IsEnabled} onChange={(event) => change({ ...current, IsEnabled: event.target.checked })} disabled={!mayChange} data-testid="ip-enabled" />}
          label={t('lifecycle.ip.enabled')}
        />
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          {current.Entries.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('lifecycle.ip.empty')}
            </Typography>
          )}
          {current.Entries.map((entry, index) => (
            <Stack key={index} direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'flex-start' } }} data-testid={`ip-entry-${index}`}>
              <TextField
                select
                size="small"
                label={t('lifecycle.ip.type')}
                value={entry.Type}
                onChange={(event) => setEntry(index, { Type: event.target.value as Entry['Type'] })}
                disabled={!mayChange}
                sx={{ minWidth: 120 }}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': `ip-type-${index}` } as object } }}
              >
                <MenuItem value="Allow">{t('lifecycle.ip.allow')}</MenuItem>
                <MenuItem value="Deny">{t('lifecycle.ip.deny')}</MenuItem>
              </TextField>
              <TextField
                size="small"
                label={t('lifecycle.ip.ranges')}
                value={entry.Ranges}
                onChange={(event) => setEntry(index, { Ranges: event.target.value })}
                disabled={!mayChange}
                sx={{ flex: 2 }}
                helperText={index === 0 ? t('lifecycle.ip.rangesHelp') : undefined}
                slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': `ip-ranges-${index}` } }}
              />
              <TextField
                size="small"
                label={t('lifecycle.ip.description')}
                value={entry.Description ?? ''}
                onChange={(event) => setEntry(index, { Description: event.target.value })}
                disabled={!mayChange}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: 500 } }}
              />
              {mayChange && (
                <IconButton aria-label={t('lifecycle.ip.remove')} onClick={() => change({ ...current, Entries: current.Entries.filter((_row, i) => i !== index) })}>
                  <DeleteOutlined />
                </IconButton>
              )}
            </Stack>
          ))}
        </Stack>
        {save.isError && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="ip-error">
            {save.error instanceof Error ? save.error.message : t('lifecycle.ip.saveFailed')}
          </Alert>
        )}
        {mayChange && (
          <Box sx={{ mt: 2, display: 'flex', gap: 1 }}>
            <Button startIcon={<AddOutlined />} onClick={() => change({ ...current, Entries: [...current.Entries, { Type: 'Allow', Ranges: '' }] })} data-testid="ip-add">
              {t('lifecycle.ip.add')}
            </Button>
            <Button variant="contained" disabled={!draft || blank || save.isPending} onClick={() => save.mutate(current)} data-testid="ip-save">
              {t('lifecycle.ip.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
