import Alert from '@mui/material/Alert';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { canOpenScreen, resolveText, type FilterValues, type JobEvent, type ScreenContext } from '../../../engine/grids';
import { DefinedPage, DefinedScreen } from '../../../renderers/grids';
import { PageSpinner } from '../../components/PageSpinner';
import { refusedState } from '../../router/refused-route';
import { showError, showSuccess } from '../../messages';
import { subscribeServerEvents } from '../../realtime/server-events';
import { useCurrentUser } from '../../session/current-user';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { gridServiceCaller } from './grid-service-caller';
import { useScreenDefinition } from './use-screen-definition';

export interface DefinitionGridScreenProps {
  /** File name of the definition without .json. */
  name: string;
  context?: ScreenContext;
  showTitle?: boolean;
  height?: number | string;
  /** Open a row in the screen's own panel (instead of the definition's detail panel). */
  onRowOpen?: (row: Record<string, unknown>) => void;
  /** Without the definition's access: leave for the start page (a screen), or show nothing (a tab inside another screen). */
  whenRefused?: 'redirect' | 'hide';
  /** Filter values the grid opens with. */
  initialFilters?: FilterValues;
  /** Editable grids: whether unsaved edits exist. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Editable grids: follows what the save answered until done (true: it succeeded). */
  onSaveResults?: (results: unknown[]) => Promise<boolean>;
  /** A toolbar picker of the definition chose a value (e.g. to keep it in the route's query). */
  onContextChange?: (context: ScreenContext) => void;
}

/** The live pricelist job events as the definitions' followJobs reads them. */
const subscribeJobEvents = (listener: (event: JobEvent) => void) =>
  subscribeServerEvents((event) => listener({ jobId: event.JobId, processed: event.Processed, ended: event.Event === 'DP_UpdateComplete' ? 'done' : event.Event === 'DP_UpdateFailed' ? 'failed' : undefined }));

/**
 * A screen from its definition: loaded at run time, opened only with the
 * capabilities the definition's access asks for (else back to the start page),
 * drawn as the definition says (renderers' DefinedScreen: a grid, a record page, cards or a tree).
 * Unsaved edits (an editable grid, a list editor) are asked about before leaving.
 */
export function DefinitionGridScreen({ name, context, showTitle = true, height, onRowOpen, whenRefused = 'redirect', initialFilters, onDirtyChange, onSaveResults, onContextChange }: DefinitionGridScreenProps) {
  const { data: user } = useCurrentUser();
  const definition = useScreenDefinition(name);
  const location = useLocation();
  const navigate = useNavigate();
  const { t, i18n } = useTranslation();
  const [dirty, setDirty] = useState(false);
  useUnsavedChangesGuard(dirty);
  const dirtyChanged = useCallback((next: boolean) => {
    setDirty(next);
    onDirtyChange?.(next);
  }, [onDirtyChange]);
  if (definition.isError) return <Alert severity="error" data-testid="definition-error">{definition.error.message}</Alert>;
  if (!user || !definition.data) return <PageSpinner />;
  const { page, id, title } = definition.data;
  if (!canOpenScreen(definition.data, user.Capability) && page?.withoutAccess && whenRefused === 'redirect') {
    const text = (ref: typeof title) => resolveText(ref, (key) => t(key), i18n.resolvedLanguage ?? 'en');
    return (
      <DefinedPage testId={`${id}-page`} titleTestId={`${id}-title`} page={page} title={text(title)}>
        <Alert severity="info" data-testid={`${id}-none`}>{text(page.withoutAccess)}</Alert>
      </DefinedPage>
    );
  }
  if (!canOpenScreen(definition.data, user.Capability)) return whenRefused === 'hide' ? null : <Navigate to="/" replace state={refusedState({ pattern: definition.data.route, path: location.pathname })} />;
  return (
    <DefinedScreen
      definition={definition.data}
      context={context}
      capabilities={user.Capability}
      userId={user.UserAccountId}
      callService={gridServiceCaller}
      onError={(text) => showError(text)}
      onSuccess={(text) => showSuccess(text)}
      showTitle={showTitle}
      height={height}
      onRowOpen={onRowOpen}
      initialFilters={initialFilters}
      onDirtyChange={dirtyChanged}
      onSaveResults={onSaveResults}
      onContextChange={onContextChange}
      navigate={navigate}
      subscribeJobEvents={subscribeJobEvents}
    />
  );
}
