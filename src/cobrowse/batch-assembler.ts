/**
 * Joins the parts of relayed batches again (issue 38): the server cuts a batch into parts that fit
 * one fan-out message; parts of one batch come in order, but a batch may start before the last one's
 * parts are all here on another instance's path, so each batch is kept by its id until complete.
 */
import type { CobrowseEventData } from '../../contract/realtime';

type EventsFrame = Extract<CobrowseEventData, { Event: 'CobrowseEvents' }>;

/** Keeps at most this many incomplete batches (a lost part must not grow the memory). */
const MAX_OPEN_BATCHES = 50;

export class BatchAssembler {
  private readonly open = new Map<string, (string | undefined)[]>();

  /** The events of the batch this part completes, or undefined while parts are missing. */
  add(frame: EventsFrame): unknown[] | undefined {
    const parts = this.open.get(frame.BatchId) ?? new Array<string | undefined>(frame.Parts).fill(undefined);
    parts[frame.Part - 1] = frame.Chunk;
    if (parts.some((part) => part === undefined)) {
      this.open.set(frame.BatchId, parts);
      if (this.open.size > MAX_OPEN_BATCHES) this.open.delete(this.open.keys().next().value!);
      return undefined;
    }
    this.open.delete(frame.BatchId);
    try {
      const events = JSON.parse(parts.join('')) as unknown;
      return Array.isArray(events) ? events : undefined;
    } catch {
      return undefined;
    }
  }
}
