import { useEffect, useState } from 'react';
import { recordBody, recordContext, recordReady, type RecordSourceDefinition, type ScreenContext } from '../../engine/grids';
import { isCanceled, type GridServiceCaller } from './grid-service';

/**
 * A definition's record (schema/screen-frame.ts), loaded when the context holds what its call needs:
 * the context values it gives (none until it answered), the whole answer, and whether the call was refused (and why).
 */
export function usePageRecord(record: RecordSourceDefinition | undefined, context: ScreenContext, callService: GridServiceCaller) {
  const [loaded, setLoaded] = useState<{ key: string; values: ScreenContext; answer?: unknown; refused: boolean; error?: unknown }>();
  const contextKey = JSON.stringify(context);
  const ready = record !== undefined && recordReady(record, context);
  useEffect(() => {
    if (!record || !ready) return undefined;
    const controller = new AbortController();
    Promise.resolve()
      .then(() => callService(record.service, record.method, recordBody(record, JSON.parse(contextKey) as ScreenContext), { signal: controller.signal }))
      .then(
        (answer) => setLoaded({ key: contextKey, values: recordContext(record, answer), answer, refused: false }),
        (error: unknown) => {
          if (!isCanceled(error)) setLoaded({ key: contextKey, values: {}, refused: true, error });
        },
      );
    return () => controller.abort();
  }, [record, ready, contextKey, callService]);
  const current = ready && loaded?.key === contextKey ? loaded : undefined;
  return { values: current?.values ?? {}, answer: current?.answer, refused: current?.refused ?? false, error: current?.error };
}
