/**
 * /move?accountId=… (ACCOUNT_MOVE): choose the account, then one of the
 * parents the server offers (GetPossbileParentsForAccountMove: the layout's
 * parent types, never the account itself or its subtree, within reach), then
 * MoveAccount.
 */
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { callService } from '../../api';
import { AccountPicker } from '../../components/AccountPicker';
import { AccountTypeIcon } from '../../components/AccountTypeIcon';
import { showSuccess } from '../../messages';
import { accountIdFromQuery, useMoveParents } from './lifecycle-queries';

type Parent = { AccountId: number; AccountType: string; DisplayName: string; Path: string };

function MoveForm({ accountId }: { accountId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const parents = useMoveParents(accountId);
  const [parent, setParent] = useState<Parent | null>(null);
  const move = useMutation({
    mutationFn: (newParentAccountId: number) => callService('Account', 'MoveAccount', { accountId, newParentAccountId }),
    onSuccess: (result) => {
      showSuccess(t('lifecycle.move.done', { name: parents.data?.Account.DisplayName ?? '', parent: parent?.DisplayName ?? '', count: result.MovedAccounts }));
      setParent(null);
      void queryClient.invalidateQueries({ queryKey: ['moveParents'] });
      void queryClient.invalidateQueries({ queryKey: ['accountTree'] });
      void queryClient.invalidateQueries({ queryKey: ['account'] });
      void queryClient.invalidateQueries({ queryKey: ['partialHierarchy'] });
    },
  });
  if (parents.isError) return <Alert severity="error" data-testid="move-load-error">{parents.error instanceof Error ? parents.error.message : t('lifecycle.move.loadFailed')}</Alert>;
  if (!parents.data) return <LinearProgress />;
  const account = parents.data.Account;
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <AccountTypeIcon type={account.AccountType} />
            <Link component={RouterLink} to={`/account/${account.AccountId}`} variant="h6" underline="hover" data-testid="move-account-name">
              {account.DisplayName}
            </Link>
          </Stack>
          {parents.data.Parents.length === 0 ? (
            <Alert severity="info">{t('lifecycle.move.noParents')}</Alert>
          ) : (
            <Autocomplete<Parent>
              value={parent}
              onChange={(_event, picked) => setParent(picked)}
              options={parents.data.Parents}
              getOptionLabel={(option) => option.DisplayName}
              isOptionEqualToValue={(option, value) => option.AccountId === value.AccountId}
              renderOption={(props, option) => {
                const { key, ...optionProps } = props as typeof props & { key: string };
                return (
                  <Box component="li" key={key} {...optionProps} sx={{ gap: 1.5 }} data-testid={`move-parent-option-${option.AccountId}`}>
                    <AccountTypeIcon type={option.AccountType} />
                    <Box>
                      <Typography variant="body2">{option.DisplayName}</Typography>
                      {option.Path && (
                        <Typography variant="caption" color="text.secondary">
                          {option.Path}
                        </Typography>
                      )}
                    </Box>
                  </Box>
                );
              }}
              renderInput={(params) => <TextField {...params} label={t('lifecycle.move.newParent')} />}
              data-testid="move-parent"
            />
          )}
          {parents.data.HasMore && <Typography variant="caption">{t('lifecycle.move.more')}</Typography>}
          <Box>
            <Button variant="contained" disabled={!parent || move.isPending} onClick={() => parent && move.mutate(parent.AccountId)} data-testid="move-submit">
              {t('lifecycle.move.submit')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function MoveScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const accountId = accountIdFromQuery(search);
  // The picker shows the account the screen is about (the form's query, shared through its cache).
  const chosen = useMoveParents(accountId).data?.Account;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }} data-testid="move-screen">
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('lifecycle.move.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('lifecycle.move.intro')}
      </Typography>
      <Box sx={{ maxWidth: 480, mb: 2 }}>
        <AccountPicker
          value={chosen ?? null}
          includeDepartment
          label={t('lifecycle.move.chooseAccount')}
          onChange={(picked) => picked && setSearch({ accountId: String(picked.AccountId) })}
          data-testid="move-picker"
        />
      </Box>
      {accountId !== undefined && <MoveForm key={accountId} accountId={accountId} />}
    </Box>
  );
}
