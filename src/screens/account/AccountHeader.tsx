import Breadcrumbs from '@mui/material/Breadcrumbs';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { LoadedAccount } from '../../../contract/services/account-schemas';

/** Name, type, state and the way up the hierarchy (as far as the user may go). */
export function AccountHeader({ account, actions }: { account: LoadedAccount; actions?: ReactNode }) {
  const { t } = useTranslation();
  const name = String(account.Views.Values?.DisplayName ?? account.AccountId);
  const state = account.AccountState === 'Terminated' ? t('account.terminated') : account.AccountState === 'Suspended' ? t('account.suspended') : undefined;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {account.Hierarchy.length > 0 && (
        <Breadcrumbs aria-label={t('account.hierarchy')} data-testid="account-hierarchy">
          {account.Hierarchy.map((entry) => (
            <Link key={entry.AccountId} component={RouterLink} to={`/account/${entry.AccountId}`} underline="hover" color="inherit">
              {entry.DisplayName}
            </Link>
          ))}
          <Typography color="text.primary">{name}</Typography>
        </Breadcrumbs>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" data-testid="account-name" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          <Chip size="small" label={t(`account.types.${account.AccountType}`, { defaultValue: account.AccountType })} data-testid="account-type" />
          {state && <Chip size="small" color={account.AccountState === 'Terminated' ? 'default' : 'warning'} label={state} />}
        </Stack>
        {actions}
      </Stack>
    </Stack>
  );
}
