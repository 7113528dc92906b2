import { useEffect, useMemo, useRef, useState } from 'react';
import { createSearchRunner, type SearchState } from './search-runner';
import { searchEverything, type SearchResults } from './search-everything';

/**
 * The search box's state: what is typed, and the search it leads to (debounced,
 * cancelled on new input; src/shell/search/search-runner.ts).
 */
export function useGlobalSearch(withServices: boolean) {
  const [text, setText] = useState('');
  const [state, setState] = useState<SearchState<SearchResults>>({ status: 'idle' });
  // Read at search time, so a capability change does not rebuild the runner mid-search.
  const withServicesRef = useRef(withServices);
  useEffect(() => {
    withServicesRef.current = withServices;
  }, [withServices]);

  const runner = useMemo(
    () => createSearchRunner<SearchResults>((query, signal) => searchEverything(query, signal, withServicesRef.current), setState),
    [],
  );
  useEffect(() => () => runner.cancel(), [runner]);

  return {
    text,
    state,
    change(next: string) {
      setText(next);
      runner.input(next);
    },
    clear() {
      setText('');
      runner.input('');
    },
  };
}
