import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DefinitionGridScreen } from '../list/DefinitionGridScreen';

/**
 * `/provisioning`: every provisioning request in reach (screen-definitions/screens/provisioning.json).
 * `?OrderStatus=Failed` (repeatable) opens it filtered, as the dashboard's card links it.
 */
export default function ProvisioningScreen() {
  const [search] = useSearchParams();
  const statuses = search.getAll('OrderStatus').join('|');
  const initialFilters = useMemo(() => (statuses ? { OrderStatus: statuses.split('|') } : undefined), [statuses]);
  return <DefinitionGridScreen key={statuses} name="provisioning" initialFilters={initialFilters} />;
}
