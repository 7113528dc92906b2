import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { holds } from '../../../engine/grids';
import { callService } from '../../api';
import { showError, showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { JobProgressBar } from './JobProgressBar';
import { entriesByPricelist, priceForMargin, refusedCells, revertRefused, roundToNinetyNine, type PriceEdit } from './price-edits';
import type { PriceRow, UpdateJob } from './pricelist-types';
import { PricesGrid, type PricesGridHandle } from './PricesGrid';
import { RefusedPricesNotice } from './RefusedPrices';
import { useJobProgress } from './use-job-progress';
import { usePricelist } from './use-pricelist';

/** Spec §9 search debounce. */
const SEARCH_DELAY_MS = 300;
/** UpdateMarketplaceServices takes at most this many services per call. */
const ENTRIES_PER_CALL = 5000;

/**
 * `/pricelists/:marketplaceId/edit-prices` (one pricelist) and
 * `/pricelists/:marketplaceId/edit-all-prices` (every pricelist of the caller's
 * company): prices edited in the grid or in bulk on a selection, saved after
 * the acknowledgement (spec §5) as asynchronous jobs whose progress shows live.
 * Leaving with unsaved edits asks first; a refused price stays in its cell.
 */
export default function PricesScreen({ all = false }: { all?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const marketplaceId = all ? undefined : Number(params.marketplaceId);
  const { data: user } = useCurrentUser();
  const canEdit = user ? holds(user.Capability, { objectType: 'PRICE_LISTS', flag: 'Execute' }) : false;
  const pricelistQuery = usePricelist(marketplaceId);
  const pricelist = pricelistQuery.data;

  const grid = useRef<PricesGridHandle>(null);
  const rows = useRef(new Map<string, PriceRow>());
  const [edits, setEdits] = useState<Map<string, PriceEdit>>(new Map());
  const [selected, setSelected] = useState(0);
  const [total, setTotal] = useState<number | undefined>();
  const [margin, setMargin] = useState('');
  const [acknowledged, setAcknowledged] = useState(false);
  const [saving, setSaving] = useState(false);
  const [searchInput, setSearchInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchInput.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchInput]);
  useEffect(() => grid.current?.redraw(), [edits]);
  const refused = refusedCells(edits);
  useUnsavedChangesGuard(edits.size > 0);

  const { progress, track } = useJobProgress((state) => {
    setSaving(false);
    if (state === 'done') {
      showSuccess(t('pricelists.prices.saved'));
      setEdits(new Map());
      setAcknowledged(false);
      grid.current?.refresh();
      void pricelistQuery.refetch();
    } else {
      showError(t('pricelists.prices.saveFailedText'), t('pricelists.prices.saveFailedTitle'));
    }
  });

  const edit = (rowIds: string[], change: (row: PriceRow, current: PriceEdit) => PriceEdit) =>
    setEdits((current) => {
      const next = new Map(current);
      for (const id of rowIds) {
        const row = rows.current.get(id);
        if (row) next.set(id, change(row, next.get(id) ?? {}));
      }
      return next;
    });
  const onSelection = (change: (row: PriceRow, current: PriceEdit) => PriceEdit) => edit((grid.current?.selectedRows() ?? []).map((row) => row.Id), change);
  const marginValue = Number(margin.replace(',', '.'));
  const marginValid = margin.trim() !== '' && Number.isFinite(marginValue) && marginValue >= 0 && marginValue < 100;

  const save = async () => {
    const grouped = entriesByPricelist(rows.current, edits);
    setSaving(true);
    try {
      const jobs: UpdateJob[] = [];
      for (const [id, entries] of grouped) {
        for (let start = 0; start < entries.length; start += ENTRIES_PER_CALL) {
          jobs.push(
            (await callService('Marketplace', 'UpdateMarketplaceServices', {
              marketplaceOfferId: id,
              marketplaceServiceList: entries.slice(start, start + ENTRIES_PER_CALL),
            })) as UpdateJob,
          );
        }
      }
      track(jobs);
    } catch {
      // The server's text (e.g. "Exchange rate not up to date") was shown; nothing was started.
      setSaving(false);
    }
  };

  const title = all ? t('pricelists.allPrices') : t('pricelists.prices.title', { name: pricelist?.Name ?? '' });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/pricelists')}>
          {t('pricelists.title')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }} data-testid="prices-title">
          {title}
        </Typography>
        {total !== undefined && (
          <Typography variant="body2" color="text.secondary" data-testid="prices-total">
            {t('pricelists.prices.total', { count: total })}
          </Typography>
        )}
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mb: 1, alignItems: { md: 'center' } }}>
        <TextField
          size="small"
          type="search"
          label={t('pricelists.prices.search')}
          value={searchInput}
          onChange={(event) => setSearchInput(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && setSearchInput('')}
          sx={{ minWidth: 260 }}
          slotProps={{ htmlInput: { 'data-testid': 'prices-search' } }}
        />
        <Box sx={{ flexGrow: 1 }} />
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} data-testid="prices-bulk">
            <Typography variant="body2">{t('pricelists.prices.selected', { count: selected })}</Typography>
            <Button size="small" disabled={selected === 0} onClick={() => onSelection(() => ({ byRule: true }))} data-testid="prices-apply-rules">
              {t('pricelists.prices.applyRules')}
            </Button>
            <TextField
              size="small"
              label={t('pricelists.prices.margin')}
              value={margin}
              onChange={(event) => setMargin(event.target.value)}
              error={margin !== '' && !marginValid}
              sx={{ width: 110 }}
              slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> }, htmlInput: { inputMode: 'decimal', 'data-testid': 'prices-margin' } }}
            />
            <Button
              size="small"
              disabled={selected === 0 || !marginValid}
              onClick={() => onSelection((row, current) => ({ ...current, byRule: false, remove: false, salesPrice: priceForMargin(row.PurchasePrice, marginValue) }))}
              data-testid="prices-set-margin"
            >
              {t('pricelists.prices.setMargin')}
            </Button>
            <Button
              size="small"
              disabled={selected === 0}
              onClick={() => onSelection((row, current) => ({ ...current, byRule: false, salesPrice: roundToNinetyNine(current.salesPrice ?? row.SalesPrice) }))}
              data-testid="prices-round"
            >
              {t('pricelists.prices.round')}
            </Button>
            <Button size="small" color="error" disabled={selected === 0} onClick={() => onSelection(() => ({ remove: true }))} data-testid="prices-remove">
              {t('pricelists.prices.remove')}
            </Button>
          </Stack>
        )}
      </Stack>
      {!all && pricelistQuery.isError && <Alert severity="warning" data-testid="prices-not-found">{t('pricelists.notFound')}</Alert>}
      <PricesGrid
        ref={grid}
        marketplaceId={marketplaceId}
        search={search}
        edits={edits}
        rows={rows.current}
        canEdit={canEdit && !saving}
        onEdit={(rowId, change) => edit([rowId], (_row, current) => change(current))}
        onSelectionChanged={setSelected}
        onTotal={setTotal}
      />
      <RefusedPricesNotice
        cells={refused}
        rows={rows.current}
        onRevert={(cell) =>
          setEdits((current) => {
            const next = new Map(current);
            const reverted = revertRefused(current.get(cell.rowId) ?? {}, cell.field);
            if (reverted) next.set(cell.rowId, reverted);
            else next.delete(cell.rowId);
            return next;
          })
        }
      />
      <JobProgressBar progress={progress} />
      {canEdit && (
        <Paper variant="outlined" sx={{ mt: 1, p: 1.5 }}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
            <Typography variant="body2" sx={{ minWidth: 160 }} data-testid="prices-changes">
              {t('pricelists.prices.changes', { count: edits.size })}
            </Typography>
            <FormControlLabel
              sx={{ flexGrow: 1 }}
              control={<Checkbox checked={acknowledged} onChange={(event) => setAcknowledged(event.target.checked)} slotProps={{ input: { 'data-testid': 'prices-acknowledge' } as object }} />}
              label={t('pricelists.prices.acknowledge')}
            />
            <Button onClick={() => setEdits(new Map())} disabled={edits.size === 0 || saving}>
              {t('pricelists.prices.discard')}
            </Button>
            <Button variant="contained" onClick={() => void save()} disabled={edits.size === 0 || refused.length > 0 || !acknowledged || saving} data-testid="prices-save">
              {t('pricelists.prices.save')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
