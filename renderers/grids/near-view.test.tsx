// @vitest-environment jsdom
/**
 * Parts near the view are drawn one per commit, in the order they came near (a quote's first line cards drawn
 * together were one long task, issue 37); a part that left before its turn does not hold the others back.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Profiler, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNearView } from './near-view';

/** An IntersectionObserver the test moves: `bringNear()` reports every observed element in view at once. */
const observed = new Map<Element, (entries: { isIntersecting: boolean }[]) => void>();
class TestObserver {
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
  observe(element: Element) {
    observed.set(element, this.report);
  }
  disconnect() {
    for (const [element, report] of observed) if (report === this.report) observed.delete(element);
  }
}
const bringNear = () => act(() => [...observed.values()].forEach((report) => report([{ isIntersecting: true }])));

function Part({ name }: { name: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref);
  return (
    <div ref={ref} data-testid={name}>
      {near ? 'drawn' : 'light'}
    </div>
  );
}

/** How many parts were drawn after each commit (React's Profiler reports each commit). */
let drawnByCommit: number[] = [];
const countDrawn = () => drawnByCommit.push(document.body.textContent?.match(/drawn/g)?.length ?? 0);
const parts = (names: string[]) => (
  <Profiler id="parts" onRender={countDrawn}>
    {names.map((name) => (
      <Part key={name} name={name} />
    ))}
  </Profiler>
);

beforeEach(() => {
  (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = TestObserver;
  drawnByCommit = [];
});
afterEach(() => {
  cleanup();
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  observed.clear();
});

describe('useNearView', () => {
  it('draws the parts that came near together one per commit', async () => {
    render(parts(['a', 'b', 'c']));
    expect(screen.getByTestId('a').textContent).toBe('light');
    bringNear();
    await waitFor(() => expect(['a', 'b', 'c'].map((name) => screen.getByTestId(name).textContent)).toEqual(['drawn', 'drawn', 'drawn']));
    // Each commit drew one part more.
    expect([...new Set(drawnByCommit)]).toEqual([0, 1, 2, 3]);
  });

  it('goes on when a part leaves before its turn, without waiting for its turn to run out', () => {
    vi.useFakeTimers();
    try {
      const { rerender } = render(parts(['a', 'b', 'c']));
      bringNear();
      rerender(parts(['a', 'c']));
      // Five tasks' time, far less than the 250 ms after which a turn runs out.
      for (let step = 0; step < 5; step++) act(() => void vi.advanceTimersByTime(10));
      expect(['a', 'c'].map((name) => screen.getByTestId(name).textContent)).toEqual(['drawn', 'drawn']);
    } finally {
      vi.useRealTimers();
    }
  });
});
