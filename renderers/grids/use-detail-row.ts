import { useCallback, useEffect, useRef, useState } from 'react';
import { followsRow, setPath, type GridModel } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;

/**
 * The row shown in the detail panel; fetched with detailPanel.load when the definition has one. A followed
 * row (detailPanel.follow: a running job) is read again every few seconds while its condition holds; when
 * the followed field changes, `onMoved` is told (the grid reloads its rows) and `round` counts up (the
 * panel's own grid reloads).
 */
export function useDetailRow(model: GridModel, callService: GridServiceCaller, reportError: (error: unknown, fallbackKey: string) => void, onMoved: () => void = () => undefined) {
  const [row, setRow] = useState<Row | undefined>();
  const [round, setRound] = useState(0);
  const request = useRef<AbortController | undefined>(undefined);
  const moved = useRef(onMoved);
  moved.current = onMoved;
  const load = model.detailPanel?.load;
  const follow = model.detailPanel?.definition.follow;
  const rowIdField = model.dataSource.rowId;

  const fetchRow = useCallback(
    (selected: Row) => {
      if (!load) return;
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      const body: Record<string, unknown> = {};
      setPath(body, load.idParam, selected[rowIdField]);
      callService(load.service, load.method, body, { signal: controller.signal }).then(
        (result) => {
          const loaded = load.rowPath ? (result as Record<string, unknown> | null)?.[load.rowPath] : result;
          if (controller.signal.aborted || typeof loaded !== 'object' || loaded === null) return;
          const next = { ...selected, ...(loaded as Row) };
          if (follow && next[follow.while.field] !== selected[follow.while.field]) {
            setRound((value) => value + 1);
            moved.current();
          }
          setRow(next);
        },
        (error: unknown) => reportError(error, 'grids.detailFailed'),
      );
    },
    [load, follow, rowIdField, callService, reportError],
  );

  const open = useCallback(
    (selected: Row) => {
      request.current?.abort();
      setRow(selected);
      fetchRow(selected);
    },
    [fetchRow],
  );

  // A followed row is read again while it moves on by itself; the timer stops once it holds no more.
  const following = followsRow(follow, row);
  useEffect(() => {
    if (!following || !row || !follow) return undefined;
    const timer = setTimeout(() => fetchRow(row), follow.seconds * 1000);
    return () => clearTimeout(timer);
  }, [following, row, follow, fetchRow]);

  const close = useCallback(() => {
    request.current?.abort();
    setRow(undefined);
  }, []);

  /** The row as a call answered it (an upload whose answer is the row). */
  const replace = useCallback((changed: Row) => setRow((shown) => (shown ? { ...shown, ...changed } : shown)), []);

  return { row, open, close, replace, round };
}
