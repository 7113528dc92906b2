/**
 * Page views (spec §2: tracked after each navigation, account view pages
 * excepted). Analytics scripts load only where the instance allows them
 * (spec §9); until something registers a tracker, views are only recorded
 * here, in memory, and go nowhere.
 */
export type PageViewTracker = (path: string) => void;

const RECORDED_LIMIT = 50;
let tracker: PageViewTracker | undefined;
const recorded: string[] = [];

/** Called by whoever loads the analytics scripts; `undefined` turns tracking off again. */
export function setPageViewTracker(next: PageViewTracker | undefined): void {
  tracker = next;
}

export function trackPageView(path: string): void {
  recorded.push(path);
  if (recorded.length > RECORDED_LIMIT) recorded.shift();
  try {
    tracker?.(path);
  } catch (error) {
    // A broken analytics script must never break navigation.
    console.error('page view tracking failed', error);
  }
}

/** The latest page views, oldest first (for tests and diagnostics). */
export function recordedPageViews(): readonly string[] {
  return [...recorded];
}
