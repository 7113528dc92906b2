import { useEffect, useState } from 'react';
import { optionsBody, readOptions, type OptionsSourceDefinition, type ScreenContext, type SourceOption } from '../../engine/grids';
import { isCanceled, type GridServiceCaller } from './grid-service';

/** Spec §9 search debounce. */
const SEARCH_DELAY_MS = 300;

/**
 * The options of a definition's options source, reloaded when the context or
 * (for a searching source, after a pause in typing) the typed text changes.
 */
export function useSourceOptions(source: OptionsSourceDefinition, context: ScreenContext, callService: GridServiceCaller, onError: (error: unknown) => void, typed = '') {
  const [options, setOptions] = useState<SourceOption[] | undefined>();
  const [loading, setLoading] = useState(false);
  const search = source.searchParam ? typed.trim() : '';
  const contextKey = JSON.stringify(context);
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        // A context value the bindings refuse (a route's id that is no number) is reported like a failed call.
        Promise.resolve()
          .then(() => callService(source.service, source.method, optionsBody(source, JSON.parse(contextKey) as ScreenContext, search), { signal: controller.signal }))
          .then((result) => setOptions(readOptions(source, result)))
          .catch((error: unknown) => {
            if (!isCanceled(error)) onError(error);
          })
          .finally(() => {
            if (!controller.signal.aborted) setLoading(false);
          });
      },
      search ? SEARCH_DELAY_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // onError may be a new function on every render; what is loaded depends on the rest.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, contextKey, search, callService]);
  return { options, loading };
}
