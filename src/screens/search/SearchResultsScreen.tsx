import AppsIcon from '@mui/icons-material/Apps';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { callService } from '../../api';
import { AccountTypeIcon } from '../../components/AccountTypeIcon';
import { accountHitDetails } from '../../shell/search/search-options';
import { maySearchServices } from '../../shell/menus/shell-menus';
import { useShellLinks } from '../../shell/menus/use-shell-links';
import { base64OfText, shellServiceSearch } from '../../shell/search/search-everything';

export const SEARCH_PAGE_SIZE = 25;

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Pager({ page, hasMore, onPage }: { page: number; hasMore: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  if (page === 0 && !hasMore) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
      <Button size="small" disabled={page === 0} onClick={() => onPage(page - 1)} data-testid="search-page-previous">
        {t('accountsScreen.search.previous')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('accountsScreen.search.page', { page: page + 1 })}
      </Typography>
      <Button size="small" disabled={!hasMore} onClick={() => onPage(page + 1)} data-testid="search-page-next">
        {t('accountsScreen.search.next')}
      </Button>
    </Box>
  );
}

function AccountResults({ text }: { text: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const result = useQuery({
    queryKey: ['searchAccountsPage', text, page],
    queryFn: ({ signal }) => callService('Account', 'SearchAccountsPage', { text, startRow: page * SEARCH_PAGE_SIZE, pageSize: SEARCH_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Section title={t('shell.search.accounts')} testId="search-results-accounts">
      {result.isFetching && <LinearProgress />}
      {result.isError && <Alert severity="error">{t('accountsScreen.search.failed')}</Alert>}
      {result.data && result.data.Accounts.length === 0 && <Typography color="text.secondary">{t('shell.search.nothingFound')}</Typography>}
      <List dense disablePadding>
        {result.data?.Accounts.map((account) => {
          const terminated = account.AccountState === 'Terminated';
          return (
            // A list's entries are <li> (axe: list); the link is inside.
            <ListItem key={account.AccountId} disablePadding>
              <ListItemButton component={RouterLink} to={`/account/${account.AccountId}`} data-testid="search-result-account">
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <AccountTypeIcon type={account.AccountType} fontSize="small" color={terminated ? 'disabled' : 'action'} />
                </ListItemIcon>
                <ListItemText
                  primary={account.DisplayName}
                  secondary={`${t(`account.types.${account.AccountType}`, { defaultValue: account.AccountType })}${terminated ? ` · ${t('shell.search.terminated')}` : ''} · ${accountHitDetails(account)}`}
                  sx={{ color: terminated ? 'text.disabled' : undefined }}
                />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Pager page={page} hasMore={result.data?.HasMore ?? false} onPage={setPage} />
    </Section>
  );
}

function ServiceResults({ text }: { text: string }) {
  const { t } = useTranslation();
  const { resolve } = useShellLinks();
  const [page, setPage] = useState(0);
  const result = useQuery({
    queryKey: ['searchServicesPage', text],
    queryFn: ({ signal }) => callService('Marketplace', 'SearchServices', shellServiceSearch(text), { signal }),
  });
  const services = result.data?.Services ?? [];
  const shown = services.slice(page * SEARCH_PAGE_SIZE, (page + 1) * SEARCH_PAGE_SIZE);
  const explore = resolve('exploreSearch', { searchText: base64OfText(text) });
  const total = result.data?.TotalCount ?? 0;
  return (
    <Section title={t('shell.search.services', { count: total })} testId="search-results-services">
      {result.isFetching && <LinearProgress />}
      {result.isError && <Alert severity="error">{t('accountsScreen.search.failed')}</Alert>}
      {result.data && services.length === 0 && <Typography color="text.secondary">{t('shell.search.nothingFound')}</Typography>}
      <List dense disablePadding>
        {shown.map((service) => {
          const target = resolve('serviceDetail', { serviceId: service.Id });
          return (
            <ListItem key={service.Id} disablePadding>
              <ListItemButton component={RouterLink} to={target?.kind === 'route' ? target.to : `/service/${service.Id}`} data-testid="search-result-service">
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <AppsIcon fontSize="small" color="action" />
                </ListItemIcon>
                <ListItemText primary={service.DisplayName} />
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
      <Pager page={page} hasMore={(page + 1) * SEARCH_PAGE_SIZE < services.length} onPage={setPage} />
      {explore?.kind === 'route' && total > 0 && (
        <Link component={RouterLink} to={explore.to} underline="hover" variant="body2">
          {t('shell.search.allServices', { count: total })}
        </Link>
      )}
    </Section>
  );
}

/** /search/{text} (issue 16): Enter in the header search. Accounts within reach, paged; services (Marketplace Read). */
export default function SearchResultsScreen() {
  const { t } = useTranslation();
  const text = (useParams().text ?? '').trim();
  const { user } = useShellLinks();
  const services = maySearchServices(user.capabilities);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }} data-testid="search-results-screen">
      <Typography variant="h5" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {t('accountsScreen.search.title', { text })}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: services ? '1fr 1fr' : '1fr' }, gap: 2, alignItems: 'start' }}>
        <AccountResults key={`a-${text}`} text={text} />
        {services && <ServiceResults key={`s-${text}`} text={text} />}
      </Box>
    </Box>
  );
}
