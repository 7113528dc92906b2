import AddIcon from '@mui/icons-material/Add';
import OpenInNewIcon from '@mui/icons-material/Launch';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { Capability } from '../../../contract';
import type { LoadedAccount } from '../../../contract/services/account-schemas';
import { LifecycleActions } from '../lifecycle/LifecycleActions';
import { newUnder, useAccountTypes } from '../account/account-types';

/** The selected account: the way up, name, type and state, and every action with it as context. */
export function SelectedAccountHeader({ account, capabilities }: { account: LoadedAccount; capabilities: readonly Capability[] }) {
  const { t } = useTranslation();
  const types = useAccountTypes().data;
  const name = String(account.Views.Values?.DisplayName ?? account.AccountId);
  const state = account.AccountState ?? 'Active';
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      {account.Hierarchy.length > 0 && (
        <Breadcrumbs aria-label={t('account.hierarchy')} data-testid="accounts-breadcrumbs">
          {account.Hierarchy.map((entry) => (
            <Link key={entry.AccountId} component={RouterLink} to={`/accounts/${entry.AccountId}`} underline="hover" color="inherit">
              {entry.DisplayName}
            </Link>
          ))}
          <Typography color="text.primary">{name}</Typography>
        </Breadcrumbs>
      )}
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="h6" component="h2" data-testid="accounts-selected-name" sx={{ overflowWrap: 'anywhere' }}>
          {name}
        </Typography>
        <Chip size="small" label={t(`account.types.${account.AccountType}`, { defaultValue: account.AccountType })} />
        {state !== 'Active' && <Chip size="small" color={state === 'Terminated' ? 'default' : 'warning'} label={t(`accountsScreen.states.${state}`, { defaultValue: state })} />}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center' }} data-testid="accounts-actions">
        <Button variant="contained" size="small" startIcon={<OpenInNewIcon />} component={RouterLink} to={`/account/${account.AccountId}`} data-testid="accounts-open">
          {t('accountsScreen.open')}
        </Button>
        {newUnder(account.AccountType, types).map(({ Segment: segment, AccountType: type }) => (
          <Button
            key={segment}
            variant="outlined"
            size="small"
            startIcon={<AddIcon />}
            component={RouterLink}
            to={`/account/${account.AccountId}/new/${segment}`}
            data-testid={`accounts-new-${segment}`}
          >
            {t(`account.new.${type}`, { defaultValue: t('account.newOfType', { type: types?.find((entry) => entry.AccountType === type)?.Label ?? type }) })}
          </Button>
        ))}
        <LifecycleActions accountId={account.AccountId} accountType={account.AccountType} accountState={state} capabilities={capabilities} />
      </Stack>
    </Stack>
  );
}
