import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Parts that came near the view wait here to be drawn one per task: a quote's first line cards, near together, were
 * drawn in one commit of ~70 ms at 4× slowdown right after the quote appeared (issue 37). A part's turn ends when it
 * has been drawn (its effect), or after TURN_MS at most (a part that left, or a slow drawing: the next goes on).
 */
const waiting: ((turn: number) => void)[] = [];
let current = 0;
let turns = 0;
let fallback: ReturnType<typeof setTimeout> | undefined;
const TURN_MS = 250;

function endTurn(turn: number): void {
  if (turn !== current) return;
  clearTimeout(fallback);
  current = 0;
  startTurn();
}

function startTurn(): void {
  const draw = current === 0 ? waiting.shift() : undefined;
  if (!draw) return;
  const turn = (current = ++turns);
  // A task of its own, after the one that drew the part before.
  setTimeout(() => {
    fallback = setTimeout(() => endTurn(turn), TURN_MS);
    startTransition(() => draw(turn));
  }, 0);
}

function drawInTurn(draw: (turn: number) => void): void {
  waiting.push(draw);
  startTurn();
}

/**
 * Whether an element is in the view or near it (within `margin` screens above or below), for drawing a
 * heavy part only once a person can reach it: false until then, true for good afterwards. An
 * IntersectionObserver says so after the browser's layout, and the heavy parts are drawn as transitions, one per
 * task: a measure of each element as it was drawn forced a layout in the middle of the page's first task, and the
 * parts in view were then drawn in that same task (a quote's twenty lines on a slow phone, issue 37). The
 * light version looks as the heavy one, so the moment between the two is not seen. Where there is no
 * IntersectionObserver (tests, old browsers) everything is near.
 */
export function useNearView(ref: RefObject<Element | null>, margin = 1): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const turn = useRef(0);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    let left = false;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        drawInTurn((given) => {
          if (left) return endTurn(given);
          turn.current = given;
          setNear(true);
        });
      },
      { rootMargin: `${margin * 100}% 0px` },
    );
    observer.observe(element);
    return () => {
      left = true;
      observer.disconnect();
    };
  }, [near, ref, margin]);
  // Drawn: the next part's turn.
  useEffect(() => {
    if (near && turn.current) endTurn(turn.current);
  }, [near]);
  return near;
}
