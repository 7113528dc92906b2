/**
 * The timing of the global search (spec §4, §9): the text is trimmed, blank
 * means no search, a search starts 300 ms after the last keystroke, and a new
 * input aborts the search still in flight. Framework-free so the timing can be
 * tested with a fake clock.
 */
export const SEARCH_DEBOUNCE_MS = 300;

export type SearchState<R> =
  | { status: 'idle' }
  | { status: 'loading'; text: string }
  | { status: 'done'; text: string; result: R };

export interface SearchRunner {
  /** Every change of the search box. */
  input(text: string): void;
  /** Stops the pending and the running search (Escape, unmount). */
  cancel(): void;
}

export function createSearchRunner<R>(
  search: (text: string, signal: AbortSignal) => Promise<R>,
  onState: (state: SearchState<R>) => void,
  delayMs = SEARCH_DEBOUNCE_MS,
): SearchRunner {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: AbortController | undefined;

  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
    running?.abort();
    running = undefined;
  };

  const run = async (text: string) => {
    const controller = new AbortController();
    running = controller;
    try {
      const result = await search(text, controller.signal);
      if (!controller.signal.aborted) onState({ status: 'done', text, result });
    } catch (error) {
      // Spec §8: search failures are only logged; an aborted search is no failure.
      if (!controller.signal.aborted) {
        console.error('Global search failed', error);
        onState({ status: 'idle' });
      }
    } finally {
      if (running === controller) running = undefined;
    }
  };

  return {
    input(raw) {
      cancel();
      const text = raw.trim();
      if (!text) {
        onState({ status: 'idle' });
        return;
      }
      onState({ status: 'loading', text });
      timer = setTimeout(() => {
        timer = undefined;
        void run(text);
      }, delayMs);
    },
    cancel,
  };
}
