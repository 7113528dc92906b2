/**
 * The support person's live view (issue 38), loaded on demand: rrweb's Replayer in live mode inside
 * the given element (its own sandboxed iframe, no scripts), fed with the relayed events as they come.
 */
import { Replayer, type eventWithTime } from 'rrweb';
import 'rrweb/dist/style.css';

/** The replay runs this far behind the user's clock, so events arriving in bursts play smoothly. */
const BUFFER_MS = 500;

export interface LiveReplay {
  add(events: unknown[]): void;
  destroy(): void;
}

/** `title` names the replay's iframe for assistive technology. */
export function startReplay(root: HTMLElement, title: string): LiveReplay {
  let replayer: Replayer | undefined;
  return {
    add(events) {
      for (const event of events as eventWithTime[]) {
        if (!replayer) {
          // The first full snapshot starts the view (with its meta event, which comes just before it).
          replayer = new Replayer([], { root, liveMode: true, mouseTail: false, UNSAFE_replayCanvas: false, showWarning: false });
          replayer.iframe.title = title;
          replayer.startLive(event.timestamp - BUFFER_MS);
        }
        replayer.addEvent(event);
      }
    },
    destroy() {
      replayer?.destroy();
      replayer = undefined;
      root.replaceChildren();
    },
  };
}
