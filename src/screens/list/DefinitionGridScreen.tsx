import Alert from '@mui/material/Alert';
import { useContext } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { canOpenScreen, type FilterValues, type ScreenContext } from '../../../engine/grids';
import { DefinedScreen } from '../../../renderers/grids/DefinedScreen';
import { PageSpinner } from '../../components/PageSpinner';
import { subscribeServerEvents } from '../../realtime/server-events';
import { loginPathFor } from '../../router/guard';
import { refusedState } from '../../router/refused-route';
import { showError, showSuccess } from '../../messages';
import { useCurrentUser } from '../../session/current-user';
import { useSessionMfa } from '../../session/mfa-services';
import { useSignInSession } from '../../session/sign-in-session';
import { appDialogs } from '../../shell/app-dialogs';
import { browserStores } from '../../shell/browser-stores';
import { HostTabsContext } from '../../shell/host-tabs-context';
import { hostPanels } from '../../shell/host-panels';
import { askConfirm } from '../../shell/record-editor-props';
import { useLinkResolver } from '../../shell/menus/use-shell-links';
import { useUnsavedChangesGuard } from '../../shell/unsaved-changes';
import { gridServiceCaller } from './grid-service-caller';
import { useDefinitionLoader, useScreenDefinition } from './use-screen-definition';

export interface DefinitionGridScreenProps {
  name: string; // the definition's file name without .json
  context?: ScreenContext;
  showTitle?: boolean;
  height?: number | string;
  /** Open a row in the screen's own panel (instead of the definition's detail panel). */
  onRowOpen?: (row: Record<string, unknown>) => void;
  /** Without the definition's access: leave for the start page (a screen), or show nothing (a tab inside another screen). */
  whenRefused?: 'redirect' | 'hide';
  initialFilters?: FilterValues; // the grid opens with them
  onDirtyChange?: (dirty: boolean) => void; // editable grids: whether unsaved edits exist (asked about before leaving)
  /** Editable grids: follows what the save answered until done (true: it succeeded). */
  onSaveResults?: (results: unknown[]) => Promise<boolean>;
  /** A toolbar picker of the definition chose a value (e.g. to keep it in the route's query). */
  onContextChange?: (context: ScreenContext) => void;
}

/**
 * A screen from its definition: loaded at run time, opened only with the
 * capabilities the definition's access asks for (else back to the start page; one anyone may open, also without a session),
 * drawn as the definition says (renderers' DefinedScreen: a grid, a record page, cards, a tree, a list editor).
 */
export function DefinitionGridScreen({ name, context, showTitle = true, height, onRowOpen, whenRefused = 'redirect', initialFilters, onDirtyChange, onSaveResults, onContextChange }: DefinitionGridScreenProps) {
  const { data: user, isPending: userPending, isError: signedOut } = useCurrentUser();
  const definition = useScreenDefinition(name);
  const [location, navigate] = [useLocation(), useNavigate()];
  const loadDefinition = useDefinitionLoader();
  const resolveLink = useLinkResolver();
  const mfa = useSessionMfa();
  const hostTabs = useContext(HostTabsContext);
  const signIn = useSignInSession();
  // A route the guard lets through without a session (an MFA set-up step) whose definition needs one: sign in first.
  if (signedOut && definition.data && !definition.data.access.anyone && whenRefused === 'redirect') return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (definition.isError) return <Alert severity="error" data-testid="definition-error">{definition.error.message}</Alert>;
  // A definition anyone may open (a public route's form) is drawn without a session, with no capabilities.
  if (!definition.data || (!user && (userPending || !definition.data.access.anyone))) return <PageSpinner />;
  const capabilities = user?.Capability ?? [];
  if (!canOpenScreen(definition.data, capabilities) && !(definition.data.page?.withoutAccess && whenRefused === 'redirect')) return whenRefused === 'hide' ? null : <Navigate to="/" replace state={refusedState({ pattern: definition.data.route, path: location.pathname })} />;
  return (
    <DefinedScreen
      definition={definition.data}
      context={context}
      capabilities={capabilities}
      userId={user?.UserAccountId ?? ''}
      callService={gridServiceCaller}
      onError={(text) => showError(text)}
      onSuccess={(text) => showSuccess(text)}
      showTitle={showTitle}
      height={height}
      onRowOpen={onRowOpen}
      initialFilters={initialFilters}
      onDirtyChange={onDirtyChange}
      onSaveResults={onSaveResults}
      onContextChange={onContextChange}
      {...{ navigate, loadDefinition, resolveLink, mfa, signIn, dialogs: appDialogs, hostTabs, hostPanels, browserStores, confirm: askConfirm, subscribeJobEvents: subscribeServerEvents, useLeaveGuard: useUnsavedChangesGuard }}
    />
  );
}
