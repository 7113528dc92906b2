import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { canOpenScreen } from '../../../engine/grids';
import { DefinedCards } from '../../../renderers/grids';
import { PageSpinner } from '../../components/PageSpinner';
import { refusedState } from '../../router/refused-route';
import { useCurrentUser } from '../../session/current-user';
import { gridServiceCaller } from '../list/grid-service-caller';
import { useScreenDefinition } from '../list/use-screen-definition';
import { ServiceImage } from './ServiceImage';

/** The search text the shell's "show all services" link carries (base64 of UTF-8, as the legacy route). */
function decodeSearchText(encoded: string | undefined): string {
  if (!encoded) return '';
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(decodeURIComponent(encoded)), (char) => char.charCodeAt(0)));
  } catch {
    return '';
  }
}

/**
 * Explore (`/explore`, `/explore/search/{base64 text}`, Marketplace Read): the cards of
 * screen-definitions/explore.json — the services the caller's organisation sees, filtered by the
 * spec §3 search filter with facet counts (Marketplace/GetSearchServicesMetadata), paged on the
 * server (the extension Marketplace/ExploreServices); each opens its detail page and, with
 * PRODUCT_ACCOUNT Create, can be ordered. Only the route's search text and the service image are code.
 */
export default function ExploreScreen() {
  const { searchText } = useParams();
  const { data: user } = useCurrentUser();
  const definition = useScreenDefinition('explore');
  const location = useLocation();
  const context = useMemo(() => ({ searchText: decodeSearchText(searchText) }), [searchText]);
  if (definition.isError) return <Alert severity="error" data-testid="definition-error">{definition.error.message}</Alert>;
  if (!user || !definition.data) return <PageSpinner />;
  if (!canOpenScreen(definition.data, user.Capability)) return <Navigate to="/" replace state={refusedState({ pattern: definition.data.route, path: location.pathname })} />;
  return (
    <DefinedCards
      definition={definition.data}
      context={context}
      capabilities={user.Capability}
      callService={gridServiceCaller}
      imageFor={(row) => <ServiceImage icon={row.Icon as string | null | undefined} name={String(row.DisplayName ?? '')} />}
    />
  );
}
