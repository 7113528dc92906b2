import { useCallback, useRef, useState } from 'react';
import { setPath, type GridModel } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';

type Row = Record<string, unknown>;

/** The row shown in the detail panel; fetched with detailPanel.load when the definition has one. */
export function useDetailRow(model: GridModel, callService: GridServiceCaller, reportError: (error: unknown, fallbackKey: string) => void) {
  const [row, setRow] = useState<Row | undefined>();
  const request = useRef<AbortController | undefined>(undefined);
  const load = model.detailPanel?.load;
  const rowIdField = model.dataSource.rowId;

  const open = useCallback(
    (selected: Row) => {
      request.current?.abort();
      setRow(selected);
      if (!load) return;
      const controller = new AbortController();
      request.current = controller;
      const body: Record<string, unknown> = {};
      setPath(body, load.idParam, selected[rowIdField]);
      callService(load.service, load.method, body, { signal: controller.signal }).then(
        (result) => {
          const loaded = load.rowPath ? (result as Record<string, unknown> | null)?.[load.rowPath] : result;
          if (!controller.signal.aborted && typeof loaded === 'object' && loaded !== null) setRow({ ...selected, ...(loaded as Row) });
        },
        (error: unknown) => reportError(error, 'grids.detailFailed'),
      );
    },
    [load, rowIdField, callService, reportError],
  );

  const close = useCallback(() => {
    request.current?.abort();
    setRow(undefined);
  }, []);

  /** The row as a call answered it (an upload whose answer is the row). */
  const replace = useCallback((changed: Row) => setRow((shown) => (shown ? { ...shown, ...changed } : shown)), []);

  return { row, open, close, replace };
}
