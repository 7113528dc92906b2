import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { AccountPicker } from '../../components/AccountPicker';
import { PageSpinner } from '../../components/PageSpinner';
import { organisationIdOf, useCurrentUser } from '../../session';
import { useAccount } from '../account/account-queries';
import { parseAccountId } from '../account/account-id';
import { HierarchyTree } from '../lifecycle/HierarchyTree';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import NotFoundScreen from '../not-found/NotFoundScreen';
import { SelectedAccountHeader } from './SelectedAccountHeader';

/**
 * /accounts/{accountId?} (issue 16): the accounts within reach. The hierarchy tree
 * (one level per call) beside a server-paged grid of the selected account's children
 * and subscriptions (screen-definitions/screens/account-children.json); every account action
 * starts from the selected account. Default selection: the user's own organisation.
 */
export default function AccountsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const { data: user } = useCurrentUser();
  const own = user ? organisationIdOf(user) : undefined;
  const selectedId = params.accountId === undefined ? own : parseAccountId(params.accountId);
  const account = useAccount(selectedId);
  const openIds = useMemo(() => new Set(account.data?.Hierarchy.map((entry) => entry.AccountId) ?? []), [account.data]);
  const links = useMemo(() => ({ hrefOf: (id: number) => `/accounts/${id}`, selectedId, openIds }), [selectedId, openIds]);
  const context = useMemo(() => ({ accountId: selectedId }), [selectedId]);

  if (params.accountId !== undefined && selectedId === undefined) return <NotFoundScreen />;
  if (!user || own === undefined || selectedId === undefined) return <PageSpinner />;
  return (
    <Box sx={{ maxWidth: 1600, mx: 'auto' }} data-testid="accounts-screen">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t('accountsScreen.title')}
        </Typography>
        <Box sx={{ width: { xs: '100%', sm: 380 } }}>
          <AccountPicker value={null} includeDepartment label={t('accountsScreen.jump')} onChange={(picked) => picked && navigate(`/accounts/${picked.AccountId}`)} />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'minmax(260px, 340px) minmax(0, 1fr)' }, gap: 2, alignItems: 'start' }}>
        <Paper
          variant="outlined"
          component="nav"
          aria-label={t('accountsScreen.tree')}
          sx={{ p: 1, maxHeight: { md: 'calc(100vh - 220px)' }, overflow: 'auto' }}
          data-testid="accounts-tree"
        >
          <HierarchyTree rootId={own} showTerminated={false} links={links} />
        </Paper>
        <Box sx={{ minWidth: 0 }} data-testid="accounts-selected">
          {account.isError ? (
            <Alert severity="error">{t('account.loadFailed')}</Alert>
          ) : account.data ? (
            <SelectedAccountHeader account={account.data} capabilities={user.Capability} />
          ) : (
            <PageSpinner />
          )}
          <DefinitionGridScreen
            key={selectedId}
            name="account-children"
            context={context}
            showTitle={false}
            height="max(360px, calc(100vh - 380px))"
            whenRefused="hide"
            onRowOpen={(row) => navigate(`/accounts/${String(row.AccountId)}`)}
          />
        </Box>
      </Box>
    </Box>
  );
}
