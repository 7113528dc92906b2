/**
 * Server events (spec §3, §4: marketplace updates such as DP_UpdateComplete)
 * handed from the live connection to the screens that wait for them. An event
 * older than the last one seen for the same event name and marketplace is
 * skipped (spec §4).
 */
import type { ServerEventData } from '../contract/realtime';

type Listener = (event: ServerEventData) => void;

const listeners = new Set<Listener>();
const latest = new Map<string, number>();

export function publishServerEvent(event: ServerEventData): void {
  const key = `${event.Event}/${event.MarketplaceId}`;
  const time = Date.parse(event.TimeStamp);
  if (Number.isNaN(time) || time < (latest.get(key) ?? Number.NEGATIVE_INFINITY)) return;
  latest.set(key, time);
  listeners.forEach((listener) => listener(event));
}

/** Calls `listener` with every newer server event; returns the unsubscribe function. */
export function subscribeServerEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
