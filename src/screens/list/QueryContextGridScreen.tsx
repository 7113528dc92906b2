import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ScreenContext } from '../../../engine/grids';
import { DefinitionGridScreen } from './DefinitionGridScreen';

/**
 * A screen definition on a route of its own whose query string is its context
 * (`/add-to-pricelist?marketplaceId=5`): a toolbar picker's choice is written
 * back to the query, so a reload or a shared link shows the same rows.
 */
export function QueryContextGridScreen({ name }: { name: string }) {
  const [search, setSearch] = useSearchParams();
  const context = useMemo(() => Object.fromEntries(search.entries()), [search]);
  const keepInQuery = useCallback(
    (next: ScreenContext) => setSearch(Object.fromEntries(Object.entries(next).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]]))), { replace: true }),
    [setSearch],
  );
  return <DefinitionGridScreen name={name} context={context} onContextChange={keepInQuery} />;
}
