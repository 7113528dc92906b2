/**
 * The support person's side of the live connection (issue 38): joins the relayed parts again and hands
 * the events of the watched session to its view. The feed listens from the moment the console opens,
 * so events that arrive while the view (and its replayer) is still loading wait here, not lost.
 */
import type { CobrowseEventData } from '../../contract/realtime';
import { BatchAssembler } from './batch-assembler';

/** Batches kept for a view not attached yet (the first full snapshot is among the first ones). */
const MAX_WAITING_BATCHES = 500;

interface View {
  sessionId: string;
  events(events: unknown[]): void;
  ended(): void;
}

export class ReplayFeed {
  private readonly assembler = new BatchAssembler();
  private waiting: { sessionId: string; events: unknown[] }[] = [];
  private view: View | undefined;

  receive(frame: CobrowseEventData): void {
    if (frame.Event === 'CobrowseEnded') {
      this.waiting = this.waiting.filter((batch) => batch.sessionId !== frame.SessionId);
      if (this.view?.sessionId === frame.SessionId) this.view.ended();
      return;
    }
    if (frame.Event !== 'CobrowseEvents') return;
    const events = this.assembler.add(frame);
    if (!events) return;
    if (this.view?.sessionId === frame.SessionId) return this.view.events(events);
    this.waiting.push({ sessionId: frame.SessionId, events });
    if (this.waiting.length > MAX_WAITING_BATCHES) this.waiting.shift();
  }

  /** Shows one session's events (those that waited first); returns the detach function. */
  attach(view: View): () => void {
    this.view = view;
    const mine = this.waiting.filter((batch) => batch.sessionId === view.sessionId);
    this.waiting = this.waiting.filter((batch) => batch.sessionId !== view.sessionId);
    mine.forEach((batch) => view.events(batch.events));
    return () => {
      if (this.view === view) this.view = undefined;
    };
  }
}
