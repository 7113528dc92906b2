import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { callService } from '../../api';
import { showSuccess } from '../../messages';
import { AccountPicker, type PickedAccount } from '../../components/AccountPicker';
import { PricelistPicker } from './PricelistPicker';

/** Spec §9 search debounce. */
const FILTER_DELAY_MS = 300;

interface Customer {
  AccountId: number;
  DisplayName: string;
  AccountType: string;
  AccountState: string;
  AccountIdentificator: string | null;
}

/**
 * `/add-to-pricelist`: accounts within reach (companies, departments,
 * resellers) become customers of a pricelist (extension
 * Marketplace/AddMarketplaceCustomers); the pricelist's customers below,
 * filtered by name (ListCustomersForMarketplace filterName).
 */
export default function AddToPricelistScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const marketplaceId = searchParams.get('marketplaceId') ? Number(searchParams.get('marketplaceId')) : undefined;
  const choose = useCallback((id: number) => setSearchParams({ marketplaceId: String(id) }, { replace: true }), [setSearchParams]);
  const [chosen, setChosen] = useState<PickedAccount[]>([]);
  // The shared picker chooses one account at a time; each choice joins the list to add.
  const pick = (account: PickedAccount | null) =>
    account && setChosen((list) => (list.some((entry) => entry.AccountId === account.AccountId) ? list : [...list, account]));
  const [busy, setBusy] = useState(false);
  const [filterInput, setFilterInput] = useState('');
  const [filter, setFilter] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setFilter(filterInput.trim()), FILTER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filterInput]);
  const customers = useQuery({
    queryKey: ['pricelist-customers', marketplaceId, filter],
    queryFn: async ({ signal }) =>
      (await callService('Marketplace', 'ListCustomersForMarketplace', { marketplaceId: marketplaceId!, ...(filter ? { filterName: filter } : {}) }, { signal })) as Customer[],
    enabled: marketplaceId !== undefined,
  });

  const add = async () => {
    setBusy(true);
    try {
      await callService('Marketplace', 'AddMarketplaceCustomers', { marketplaceId: marketplaceId!, customerAccountIds: chosen.map((account) => account.AccountId) });
      showSuccess(t('pricelists.customers.added', { count: chosen.length }));
      setChosen([]);
      await customers.refetch();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('pricelists.customers.title')}
        </Typography>
        <PricelistPicker value={marketplaceId} onChange={choose} />
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('pricelists.customers.help')}
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ flex: 1, minWidth: 320 }}>
            <AccountPicker value={null} onChange={pick} includeDepartment label={t('pricelists.customers.accounts')} data-testid="customer-picker" />
            {chosen.length > 0 && (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }} data-testid="customers-chosen">
                {chosen.map((account) => (
                  <Chip key={account.AccountId} size="small" label={account.DisplayName} onDelete={() => setChosen((list) => list.filter((entry) => entry.AccountId !== account.AccountId))} />
                ))}
              </Stack>
            )}
          </Box>
          <Button variant="contained" disabled={busy || chosen.length === 0 || marketplaceId === undefined} onClick={() => void add()} data-testid="customers-add">
            {t('pricelists.customers.add')}
          </Button>
        </Stack>
      </Paper>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('pricelists.customers.current', { count: customers.data?.length ?? 0 })}
        </Typography>
        <TextField
          size="small"
          type="search"
          label={t('pricelists.customers.filter')}
          value={filterInput}
          onChange={(event) => setFilterInput(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'customers-filter' } }}
        />
      </Stack>
      <Paper variant="outlined">
        <Table size="small" data-testid="customers-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('pricelists.customers.name')}</TableCell>
              <TableCell>{t('pricelists.customers.type')}</TableCell>
              <TableCell>{t('pricelists.customers.identificator')}</TableCell>
              <TableCell>{t('pricelists.customers.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(customers.data ?? []).map((customer) => (
              <TableRow key={customer.AccountId}>
                <TableCell>
                  <RouterLink to={`/account/${customer.AccountId}`}>{customer.DisplayName}</RouterLink>
                </TableCell>
                <TableCell>{customer.AccountType}</TableCell>
                <TableCell>{customer.AccountIdentificator ?? ''}</TableCell>
                <TableCell>{customer.AccountState}</TableCell>
              </TableRow>
            ))}
            {customers.data?.length === 0 && (
              <TableRow>
                <TableCell colSpan={4}>{t('pricelists.customers.none')}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}
