import { useCallback, useEffect, useRef, useState } from 'react';
import { buildPageBody, followedState, readAllRows, rowsFollowed, type GridModel, type ScreenContext } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;

/**
 * dataSource.follow: while a loaded row moves on by itself (a running job), the rows are read again in the
 * background every few seconds; the grid reloads (`reload`) only when the followed field changed on a row,
 * since a reload blanks it for a moment. Hand `onAllRows` to the data source: every load starts the watch anew.
 */
export function useFollowRows(model: GridModel, context: ScreenContext, callService: GridServiceCaller, reload: () => void) {
  const follow = model.dataSource.follow;
  const [rows, setRows] = useState<Row[] | undefined>();
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  useEffect(() => {
    if (!follow || !rows || !rowsFollowed(follow, rows, Date.now())) return undefined;
    const source = model.dataSource;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callService(source.service, source.method, buildPageBody(source, { startRow: 0, endRow: rows.length, sortModel: [], filterModel: {} }, context), { signal: controller.signal }).then(
        (result) => {
          const read = readAllRows(source, result, context);
          if (followedState(follow, source, read) !== followedState(follow, source, rows)) reloadRef.current();
          else setRows(read);
        },
        // A failed background read stops the watch; the next load starts it again.
        () => undefined,
      );
    }, follow.seconds * 1000);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [follow, rows, model.dataSource, context, callService]);
  const watch = useCallback((loaded: Row[]) => setRows(loaded), []);
  // A grid that follows nothing is not drawn again for each load.
  return follow ? watch : undefined;
}
