import Alert from '@mui/material/Alert';
import { useMemo } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { canOpenScreen } from '../../../engine/grids';
import { DefinedRecord } from '../../../renderers/grids';
import { PageSpinner } from '../../components/PageSpinner';
import { refusedState } from '../../router/refused-route';
import { useCurrentUser } from '../../session/current-user';
import { gridServiceCaller } from '../list/grid-service-caller';
import { useScreenDefinition } from '../list/use-screen-definition';
import { ServiceImage } from './ServiceImage';

/**
 * Service detail (`/service/{serviceId}/{pricelistId?}`): the record page of
 * screen-definitions/service-detail.json — the catalogue values and texts in
 * the reader's language, the price the caller's company pays, for pricelist
 * managers the pricelists it is in and, with a pricelist in the route, its
 * prices there; the order link by capability. Only the route's values and the
 * service image (placeholder when its path is not valid, spec §5) are code.
 */
export default function ServiceDetailScreen() {
  const { serviceId = '', pricelistId } = useParams();
  const { data: user } = useCurrentUser();
  const definition = useScreenDefinition('service-detail');
  const location = useLocation();
  const context = useMemo(() => ({ serviceId, pricelistId }), [serviceId, pricelistId]);
  if (definition.isError) return <Alert severity="error" data-testid="definition-error">{definition.error.message}</Alert>;
  if (!user || !definition.data) return <PageSpinner />;
  if (!canOpenScreen(definition.data, user.Capability)) return <Navigate to="/" replace state={refusedState({ pattern: definition.data.route, path: location.pathname })} />;
  return (
    <DefinedRecord
      definition={definition.data}
      context={context}
      capabilities={user.Capability}
      callService={gridServiceCaller}
      imageFor={(icon, name) => <ServiceImage icon={typeof icon === 'string' ? icon : null} name={name} size={72} />}
    />
  );
}
