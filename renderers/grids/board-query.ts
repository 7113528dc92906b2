/**
 * The query of a board's cards (<DefinedBoard>), in a module of its own so that the screen drawing a board asks
 * for the cards while the board's code is still on its way (<DefinedScreen>'s usePrefetchQuery): one round trip
 * less before the start page shows its cards (issue 37).
 */
import { queryOptions } from '@tanstack/react-query';
import { applyBindings, type ScreenContext } from '../../engine/grids/bindings';
import type { BoardCard } from '../../engine/grids/board';
import { readAllRows } from '../../engine/grids/data-source';
import type { ScreenDefinition } from '../../engine/grids/definition-schema';
import type { GridServiceCaller } from './grid-service';

/** The cards' query: read again when the user comes back after half a minute. */
export function boardQuery(definition: ScreenDefinition, context: ScreenContext, callService: GridServiceCaller, locale: string) {
  const source = definition.dataSource;
  const body = applyBindings({}, source.params, context);
  return queryOptions({
    queryKey: ['board', definition.id, source.service, source.method, body, locale],
    queryFn: async ({ signal }) => readAllRows(source, await callService(source.service, source.method, body, { signal })) as unknown as BoardCard[],
    staleTime: 30_000,
  });
}
