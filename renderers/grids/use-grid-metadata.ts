import { useCallback, useEffect, useMemo, useState } from 'react';
import { buildMetadataBody, formatNumber, optionsFromMetadata, type FilterOption, type GridFilterFieldModel, type GridModel, type ScreenContext } from '../../engine/grids';
import type { GridServiceCaller } from './grid-service';

/** The data source's metadata (filter options with counts), reloaded after actions that change it. */
export function useGridMetadata(model: GridModel, context: ScreenContext, locale: string, callService: GridServiceCaller, reportError: (error: unknown, fallbackKey: string) => void) {
  const [metadata, setMetadata] = useState<unknown>();
  const [version, setVersion] = useState(0);
  const source = model.dataSource;

  useEffect(() => {
    const body = buildMetadataBody(source, context);
    if (!source.metadata || !body) return;
    const controller = new AbortController();
    callService(source.metadata.service, source.metadata.method, body, { signal: controller.signal }).then(setMetadata, (error: unknown) => reportError(error, 'grids.metadataFailed'));
    return () => controller.abort();
  }, [source, context, callService, reportError, version]);

  const optionsFor = useCallback(
    (filter: GridFilterFieldModel): FilterOption[] => optionsFromMetadata(filter, metadata, (count) => formatNumber(count, locale)),
    [metadata, locale],
  );
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  return useMemo(() => ({ metadata, optionsFor, reload }), [metadata, optionsFor, reload]);
}
