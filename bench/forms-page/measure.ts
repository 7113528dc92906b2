/**
 * In-page probes of the forms benchmark: when the page became interactive, and
 * keystroke-to-paint latencies (keydown → the frame after React drew it).
 */
declare global {
  interface Window {
    benchReady?: number;
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
    window.benchReady = performance.now();
  });
}

document.addEventListener(
  'keydown',
  () => {
    const start = performance.now();
    afterPaint(() => window.benchLatencies.push(performance.now() - start));
  },
  true,
);
