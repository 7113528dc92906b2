import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { showError } from '../../messages';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';
import { JobProgressBar } from './JobProgressBar';
import type { UpdateJob } from './pricelist-types';
import { useJobProgress } from './use-job-progress';
import { usePricelist } from './use-pricelist';

/**
 * `/pricelists/:marketplaceId/edit-prices` (one pricelist, screen-definitions/screens/prices.json)
 * and `/pricelists/:marketplaceId/edit-all-prices` (every pricelist of the caller's
 * company, all-prices.json): the grid, its editable cells, bulk edits and save are
 * the definition's. This wrapper adds what is not the grid's: the heading with the
 * pricelist's name, the question before leaving with unsaved edits, and the save's
 * jobs followed live to their end (spec §5).
 */
export default function PricesScreen({ all = false }: { all?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const marketplaceId = all ? undefined : Number(params.marketplaceId);
  const pricelistQuery = usePricelist(marketplaceId);
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);

  const finished = useRef<(done: boolean) => void>(undefined);
  const { progress, track } = useJobProgress((state) => {
    if (state === 'done') void pricelistQuery.refetch();
    else showError(t('pricelists.prices.saveFailedText'), t('pricelists.prices.saveFailedTitle'));
    finished.current?.(state === 'done');
  });
  const followJobs = useCallback(
    (results: unknown[]) =>
      new Promise<boolean>((resolve) => {
        finished.current = resolve;
        track(results as UpdateJob[]);
      }),
    [track],
  );
  const context = useMemo(() => (marketplaceId ? { marketplaceId } : {}), [marketplaceId]);

  const title = all ? t('pricelists.allPrices') : t('pricelists.prices.title', { name: pricelistQuery.data?.Name ?? '' });
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      {/* On a phone the way back sits above the title: side by side they overlapped (issue 24). */}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 1 }} sx={{ mb: 1, alignItems: { xs: 'flex-start', sm: 'center' } }}>
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/pricelists')} sx={{ flexShrink: 0 }}>
          {t('pricelists.title')}
        </Button>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="prices-title">
          {title}
        </Typography>
      </Stack>
      {!all && pricelistQuery.isError && <Alert severity="warning" data-testid="prices-not-found">{t('pricelists.notFound')}</Alert>}
      <DefinitionGridScreen
        name={all ? 'all-prices' : 'prices'}
        context={context}
        showTitle={false}
        height="max(360px, calc(100vh - 380px))"
        onDirtyChange={setDirty}
        onSaveResults={followJobs}
      />
      <JobProgressBar progress={progress} />
    </Box>
  );
}
