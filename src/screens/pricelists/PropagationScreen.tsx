import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { canOpenScreen, type ScreenContext } from '../../../engine/grids';
import { DefinedListEditor } from '../../../renderers/grids';
import { PageSpinner } from '../../components/PageSpinner';
import { showError, showSuccess } from '../../messages';
import { refusedState } from '../../router/refused-route';
import { useCurrentUser } from '../../session/current-user';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { gridServiceCaller } from '../list/grid-service-caller';
import { useScreenDefinition } from '../list/use-screen-definition';
import { JobProgressBar } from './JobProgressBar';
import type { UpdateJob } from './pricelist-types';
import { useJobProgress } from './use-job-progress';
import { usePricelist } from './use-pricelist';

/**
 * `/propagation?marketplaceId=…`: screen-definitions/screens/propagation.json (the
 * pricelist picker, the filters, their save with the conflict question, the
 * preview and the propagation's confirmation are the definition's). This
 * wrapper adds what is not: the pricelist's name for the confirmation, the
 * question before leaving with unsaved filters, and the propagation's job
 * followed live to its end (spec §5).
 */
export default function PropagationScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const marketplaceId = search.get('marketplaceId') ?? undefined;
  const { data: user } = useCurrentUser();
  const definition = useScreenDefinition('propagation');
  const pricelistName = usePricelist(marketplaceId === undefined ? undefined : Number(marketplaceId)).data?.Name;
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  const context = useMemo<ScreenContext>(() => ({ marketplaceId, pricelistName }), [marketplaceId, pricelistName]);
  const choose = useCallback((next: ScreenContext) => setSearch({ marketplaceId: String(next.marketplaceId) }, { replace: true }), [setSearch]);

  const finished = useRef<() => void>(undefined);
  const { progress, track } = useJobProgress((state, ended) => {
    if (state === 'done') showSuccess(t('pricelists.propagation.added', { count: ended.processed }));
    else showError(t('pricelists.prices.saveFailedText'), t('pricelists.prices.saveFailedTitle'));
    finished.current?.();
  });
  const followJob = useCallback(
    (result: unknown) =>
      new Promise<void>((resolve) => {
        finished.current = resolve;
        track([result as UpdateJob]);
      }),
    [track],
  );

  if (definition.isError) return <Alert severity="error" data-testid="definition-error">{definition.error.message}</Alert>;
  if (!user || !definition.data) return <PageSpinner />;
  if (!canOpenScreen(definition.data, user.Capability)) return <Navigate to="/" replace state={refusedState({ pattern: definition.data.route, path: location.pathname })} />;
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <DefinedListEditor
        definition={definition.data}
        context={context}
        capabilities={user.Capability}
        callService={gridServiceCaller}
        onError={(text) => showError(text)}
        onSuccess={(text) => showSuccess(text)}
        onContextChange={choose}
        onDirtyChange={setDirty}
        onRunResult={followJob}
        navigate={navigate}
      />
      <JobProgressBar progress={progress} />
    </Box>
  );
}
