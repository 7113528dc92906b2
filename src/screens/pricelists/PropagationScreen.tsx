import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { holds } from '../../../engine/grids';
import { callService, isApiError } from '../../api';
import { showError, showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { confirm, isConfirmCancelled } from '../../shell/confirm';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { FilterEditor, type EditedFilter } from './FilterEditor';
import { JobProgressBar } from './JobProgressBar';
import { PricelistPicker } from './PricelistPicker';
import type { UpdateJob } from './pricelist-types';
import { useJobProgress } from './use-job-progress';
import { usePricelist } from './use-pricelist';
import { formatCurrency } from '../../i18n/format';

interface Preview {
  TotalCount: number;
  Currency: string;
  Services: { ServiceId: number; DisplayName: string; VendorName: string; PurchasePrice: number; SalesPrice: number; SuggestedRetailPrice: number }[];
}

let nextKey = 1;
const withKey = (filter: Omit<EditedFilter, 'key'>): EditedFilter => ({ ...filter, key: `f${nextKey++}` });
const wire = (filters: EditedFilter[]) =>
  filters.map(({ Id, VendorFilterType, VendorAccountIds, IncludedTags, ExcludedTags }) => ({ ...(Id ? { Id } : {}), VendorFilterType, VendorAccountIds, IncludedTags, ExcludedTags }));

/**
 * `/propagation`: the propagation filters of a pricelist (spec §5: one filter
 * at most with an empty vendor selection; a conflicting filter deletes the
 * filters it conflicts with, after confirmation), the preview of the services
 * they add, priced by the pricelist's rules, and the propagation itself
 * (after a confirmation naming how many services it adds, then the count added).
 * Leaving with unsaved filters asks first.
 */
export default function PropagationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const marketplaceId = searchParams.get('marketplaceId') ? Number(searchParams.get('marketplaceId')) : undefined;
  const choose = useCallback((id: number) => setSearchParams({ marketplaceId: String(id) }, { replace: true }), [setSearchParams]);
  const { data: user } = useCurrentUser();
  const canEdit = user ? holds(user.Capability, { objectType: 'PRICE_LISTS', flag: 'Execute' }) : false;
  const properties = useQuery({
    queryKey: ['pricelist-properties', marketplaceId],
    queryFn: ({ signal }) => callService('Marketplace', 'GetMarketplaceProperties', { marketplaceId: marketplaceId! }, { signal }),
    enabled: marketplaceId !== undefined,
  });
  const [filters, setFilters] = useState<EditedFilter[]>([]);
  const [dirty, setDirty] = useState(false);
  const [preview, setPreview] = useState<Preview | undefined>();
  const [busy, setBusy] = useState(false);
  const pricelistName = usePricelist(marketplaceId).data?.Name;
  useUnsavedChangesGuard(dirty);
  useEffect(() => {
    if (properties.data) {
      setFilters(properties.data.PropagationFilters.map(withKey));
      setDirty(false);
      setPreview(undefined);
    }
  }, [properties.data]);
  const change = (next: EditedFilter[]) => {
    setFilters(next);
    setDirty(true);
    setPreview(undefined);
  };

  const { progress, track } = useJobProgress((state, finished) => {
    setBusy(false);
    if (state === 'done') {
      showSuccess(t('pricelists.propagation.added', { count: finished.processed }));
      setPreview(undefined);
    } else showError(t('pricelists.prices.saveFailedText'), t('pricelists.prices.saveFailedTitle'));
  });

  const save = async (confirmed = false): Promise<void> => {
    setBusy(true);
    try {
      await callService(
        'Marketplace',
        'UpdateMarketplaceProperties',
        { marketplaceId: marketplaceId!, marketplaceProperties: { PropagationFilters: wire(filters), ...(confirmed ? { ConfirmDeleteConflicting: true } : {}) } },
        { suppressErrors: true },
      );
      showSuccess(t('pricelists.propagation.saved'));
      await properties.refetch();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && !confirmed) {
        try {
          await confirm({ title: t('pricelists.propagation.conflictTitle'), text: error.message, confirmLabel: t('pricelists.propagation.deleteConflicting'), destructive: true, width: 520 });
        } catch (cancelled) {
          if (isConfirmCancelled(cancelled)) return;
          throw cancelled;
        }
        return save(true);
      }
      showError(isApiError(error) ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  const loadPreview = async () => {
    setBusy(true);
    try {
      setPreview((await callService('Marketplace', 'GetServicesForPropagation', { marketplaceId: marketplaceId!, marketplaceProperties: { PropagationFilters: wire(filters) } })) as Preview);
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  };

  const propagate = async () => {
    setBusy(true);
    try {
      // What will happen, counted on the stored filters (the button is off while they are edited).
      const coming = (await callService('Marketplace', 'GetServicesForPropagation', { marketplaceId: marketplaceId!, marketplaceProperties: { PropagationFilters: wire(filters) } })) as Preview;
      try {
        await confirm({
          title: t('pricelists.propagation.confirmTitle'),
          text: t('pricelists.propagation.confirmText', { count: coming.TotalCount, name: pricelistName ?? '' }),
          confirmLabel: t('pricelists.propagation.run'),
          width: 480,
        });
      } catch (cancelled) {
        if (isConfirmCancelled(cancelled)) {
          setBusy(false);
          return;
        }
        throw cancelled;
      }
      track([(await callService('Marketplace', 'PropagateServices', { marketplaceId: marketplaceId! })) as UpdateJob]);
    } catch {
      setBusy(false);
    }
  };

  const money = (value: number) => (preview ? formatCurrency(value, preview.Currency) : String(value));
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          {t('pricelists.propagation.title')}
        </Typography>
        <PricelistPicker value={marketplaceId} onChange={choose} />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('pricelists.propagation.help')}
      </Typography>
      <Stack spacing={1} sx={{ mb: 1 }}>
        {filters.map((filter, index) => (
          <FilterEditor
            key={filter.key}
            index={index}
            filter={filter}
            vendors={properties.data?.Vendors ?? []}
            tags={properties.data?.Tags ?? []}
            onChange={(next) => change(filters.map((candidate) => (candidate.key === filter.key ? next : candidate)))}
            onRemove={() => change(filters.filter((candidate) => candidate.key !== filter.key))}
          />
        ))}
        {properties.data && filters.length === 0 && <Alert severity="info">{t('pricelists.propagation.noFilters')}</Alert>}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }}>
        {canEdit && (
          <Button
            startIcon={<AddIcon />}
            // Until the stored filters are loaded a new one would be replaced by them.
            disabled={!properties.data}
            onClick={() => change([...filters, withKey({ VendorFilterType: 'Include', VendorAccountIds: [], IncludedTags: [], ExcludedTags: [] })])}
            data-testid="propagation-add-filter"
          >
            {t('pricelists.propagation.addFilter')}
          </Button>
        )}
        {canEdit && (
          <Button variant="contained" disabled={!dirty || busy || marketplaceId === undefined} onClick={() => void save()} data-testid="propagation-save">
            {t('pricelists.propagation.save')}
          </Button>
        )}
        <Button variant="outlined" disabled={busy || marketplaceId === undefined} onClick={() => void loadPreview()} data-testid="propagation-preview">
          {t('pricelists.propagation.preview')}
        </Button>
        {canEdit && (
          <Button variant="contained" color="secondary" disabled={dirty || busy || marketplaceId === undefined || filters.length === 0} onClick={() => void propagate()} data-testid="propagation-run">
            {t('pricelists.propagation.run')}
          </Button>
        )}
        {marketplaceId !== undefined && (
          <Button onClick={() => navigate(`/pricelists/${marketplaceId}/edit-prices`)} data-testid="propagation-open-prices">
            {t('pricelists.propagation.openPrices')}
          </Button>
        )}
      </Stack>
      {dirty && canEdit && <Alert severity="info" sx={{ mb: 1 }}>{t('pricelists.propagation.unsaved')}</Alert>}
      <JobProgressBar progress={progress} />
      {preview && (
        <Paper variant="outlined" sx={{ p: 1 }} data-testid="propagation-preview-result">
          <Typography variant="subtitle1" sx={{ mb: 1 }}>
            {t('pricelists.propagation.previewTotal', { count: preview.TotalCount })}
          </Typography>
          <TableContainer sx={{ maxHeight: 420 }}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell>{t('pricelists.prices.service')}</TableCell>
                  <TableCell>{t('pricelists.prices.vendor')}</TableCell>
                  <TableCell align="right">{t('pricelists.prices.purchasePrice')}</TableCell>
                  <TableCell align="right">{t('pricelists.prices.salesPrice')}</TableCell>
                  <TableCell align="right">{t('pricelists.prices.srp')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {preview.Services.map((service) => (
                  <TableRow key={service.ServiceId}>
                    <TableCell>{service.DisplayName}</TableCell>
                    <TableCell>{service.VendorName}</TableCell>
                    <TableCell align="right">{money(service.PurchasePrice)}</TableCell>
                    <TableCell align="right">{money(service.SalesPrice)}</TableCell>
                    <TableCell align="right">{money(service.SuggestedRetailPrice)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Box>
  );
}
