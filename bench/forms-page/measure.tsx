/**
 * In-page probes of the forms benchmark: when the page became interactive, and
 * keystroke-to-paint latencies (keydown → the frame after React drew it).
 */
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { IN_APP_PARAMETER, READY_MESSAGE } from './ready-message';

declare global {
  interface Window {
    /** In-app runs: when the user asked for the form (the clock's zero). */
    benchStart?: number;
    benchReady?: number;
    benchWhole?: number;
    benchLatencies: number[];
  }
}


window.benchLatencies = [];

/** After the next paint: a frame, then a task after it. */
function afterPaint(callback: () => void) {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = callback;
    channel.port2.postMessage(null);
  });
}

export function markReady() {
  afterPaint(() => {
    window.benchReady = performance.now() - (window.benchStart ?? 0);
    // Told through the console: waiting with page.waitForFunction would make Playwright inject
    // its script into the page while it renders (~40 ms of the main thread), in both figures.
    console.log(READY_MESSAGE);
  });
}

/** When `count` elements match `selector` and are painted: the whole first page, for a form that draws it in steps. */
export function markWholeWhen(selector: string, count: number) {
  const check = () => {
    if (document.querySelectorAll(selector).length < count) return false;
    afterPaint(() => {
      window.benchWhole = performance.now() - (window.benchStart ?? 0);
    });
    return true;
  };
  if (check()) return;
  const observer = new MutationObserver(() => {
    if (check()) observer.disconnect();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}

document.addEventListener(
  'keydown',
  () => {
    const start = performance.now();
    afterPaint(() => window.benchLatencies.push(performance.now() - start));
  },
  true,
);

/**
 * Shows the form at once (a page load: the clock starts with the navigation), or,
 * with ?in-app, behind an Open button, as a route change in an app whose code is
 * already loaded: the clock starts at the press, and `form()` (the engine's work
 * included) runs after it.
 */
export function mountBench(form: () => ReactNode) {
  const root = createRoot(document.getElementById('root')!);
  if (!new URLSearchParams(location.search).has(IN_APP_PARAMETER)) {
    root.render(form());
    return;
  }
  const open = () => {
    window.benchStart = performance.now();
    root.render(form());
  };
  root.render(
    <button id="bench-open" type="button" autoFocus onClick={open}>
      Open the form
    </button>,
  );
}
