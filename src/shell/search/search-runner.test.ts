import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSearchRunner, SEARCH_DEBOUNCE_MS, type SearchState } from './search-runner';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setUp() {
  const signals: AbortSignal[] = [];
  const resolvers: ((result: string) => void)[] = [];
  const search = vi.fn((text: string, signal: AbortSignal) => {
    signals.push(signal);
    return new Promise<string>((resolve) => resolvers.push(resolve));
  });
  const states: SearchState<string>[] = [];
  const runner = createSearchRunner(search, (state) => states.push(state));
  return { search, signals, resolvers, states, runner, last: () => states.at(-1) };
}

describe('global search timing', () => {
  it('searches the trimmed text 300 ms after the last keystroke, once', async () => {
    const { search, runner, resolvers, last } = setUp();
    runner.input('c');
    vi.advanceTimersByTime(200);
    runner.input('co');
    vi.advanceTimersByTime(200);
    runner.input('  con ');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(search).not.toHaveBeenCalled();
    expect(last()).toEqual({ status: 'loading', text: 'con' });
    vi.advanceTimersByTime(1);
    expect(search).toHaveBeenCalledOnce();
    expect(search.mock.calls[0][0]).toBe('con');
    resolvers[0]('found');
    await vi.runAllTimersAsync();
    expect(last()).toEqual({ status: 'done', text: 'con', result: 'found' });
  });

  it('treats blank text as no search and clears the results at once', () => {
    const { search, runner, last } = setUp();
    runner.input('   ');
    vi.advanceTimersByTime(1000);
    expect(search).not.toHaveBeenCalled();
    expect(last()).toEqual({ status: 'idle' });
  });

  it('aborts the search in flight when new text comes, and ignores its late answer', async () => {
    const { search, runner, signals, resolvers, last } = setUp();
    runner.input('first');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(search).toHaveBeenCalledTimes(1);
    runner.input('second');
    expect(signals[0].aborted).toBe(true);
    resolvers[0]('stale');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(last()).toEqual({ status: 'loading', text: 'second' });
    resolvers[1]('fresh');
    await vi.runAllTimersAsync();
    expect(last()).toEqual({ status: 'done', text: 'second', result: 'fresh' });
  });

  it('cancel stops both the pending and the running search', () => {
    const { search, runner, signals } = setUp();
    runner.input('x');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    runner.input('xy');
    runner.cancel();
    vi.advanceTimersByTime(1000);
    expect(search).toHaveBeenCalledTimes(1);
    expect(signals[0].aborted).toBe(true);
  });

  it('only logs a failed search', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const states: SearchState<string>[] = [];
    const runner = createSearchRunner(async () => Promise.reject(new Error('offline')), (state) => states.push(state));
    runner.input('x');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(log).toHaveBeenCalled();
    expect(states.at(-1)).toEqual({ status: 'idle' });
  });
});
