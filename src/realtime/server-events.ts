/**
 * Server events (spec §3, §4: marketplace updates such as DP_UpdateComplete;
 * the chat support queue, issue 38) handed from the live connection to the
 * screens that wait for them. An event older than the last one seen for the
 * same event name and marketplace is skipped (spec §4).
 */
import type { CobrowseEventData, MarketplaceEventData, ServerEventData } from '../../contract/realtime';

type Listener = (event: MarketplaceEventData) => void;

const listeners = new Set<Listener>();
const queueListeners = new Set<() => void>();
const cobrowseListeners = new Set<(event: CobrowseEventData) => void>();

const isCobrowse = (event: ServerEventData): event is CobrowseEventData => event.Event.startsWith('Cobrowse');
const latest = new Map<string, number>();

export function publishServerEvent(event: ServerEventData): void {
  if (event.Event === 'ChatQueueChanged') return queueListeners.forEach((listener) => listener());
  if (isCobrowse(event)) return cobrowseListeners.forEach((listener) => listener(event));
  const key = `${event.Event}/${event.MarketplaceId}`;
  const time = Date.parse(event.TimeStamp);
  if (Number.isNaN(time) || time < (latest.get(key) ?? Number.NEGATIVE_INFINITY)) return;
  latest.set(key, time);
  listeners.forEach((listener) => listener(event));
}

/** Calls `listener` whenever the chat support queue changed (issue 38); returns the unsubscribe function. */
export function subscribeChatQueue(listener: () => void): () => void {
  queueListeners.add(listener);
  return () => queueListeners.delete(listener);
}

/** Calls `listener` with every co-browse frame (issue 38); returns the unsubscribe function. */
export function subscribeCobrowse(listener: (event: CobrowseEventData) => void): () => void {
  cobrowseListeners.add(listener);
  return () => cobrowseListeners.delete(listener);
}

/** Calls `listener` with every newer pricelist event; returns the unsubscribe function. */
export function subscribeServerEvents(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
