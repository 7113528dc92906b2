/**
 * Checking a relayed batch of recorded events (issue 38) before it reaches a support person: a JSON
 * array of rrweb events ({ type 0-6, data: object, timestamp }), bounded per batch and per event.
 * The batch goes on as the server serialises it again, never as the caller's text.
 */
import { COBROWSE_MAX_BATCH_CHARS, COBROWSE_MAX_BATCH_EVENTS, COBROWSE_MAX_EVENT_CHARS } from '../../../contract/services/cobrowse';
import { fault } from '../../fault';

/** rrweb's EventType: DomContentLoaded 0 … Plugin 6. */
const MAX_EVENT_TYPE = 6;
const kB = (chars: number) => Math.floor(chars / 1024);

/** An event's JSON length; one nested too deep to write out again is malformed. */
function jsonLength(event: object, index: number): number {
  try {
    return JSON.stringify(event).length;
  } catch {
    throw fault(400, 'cobrowse.eventMalformed', { index: index + 1 });
  }
}

/** The batch as JSON text to relay; refuses (400, 413) with a message saying what is wrong. */
export function checkedBatch(text: string): string {
  if (text.length > COBROWSE_MAX_BATCH_CHARS) throw fault(413, 'cobrowse.batchTooLarge', { max: kB(COBROWSE_MAX_BATCH_CHARS) });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fault(400, 'cobrowse.eventsNotJson');
  }
  if (!Array.isArray(value) || value.length === 0) throw fault(400, 'cobrowse.eventsNotList');
  if (value.length > COBROWSE_MAX_BATCH_EVENTS) throw fault(413, 'cobrowse.tooManyEvents', { max: COBROWSE_MAX_BATCH_EVENTS });
  const events = value.map((event: unknown, index) => {
    const { type, data, timestamp } = (typeof event === 'object' && event !== null && !Array.isArray(event) ? event : {}) as Record<string, unknown>;
    const wellFormed = Number.isInteger(type) && (type as number) >= 0 && (type as number) <= MAX_EVENT_TYPE && typeof data === 'object' && data !== null && !Array.isArray(data) && typeof timestamp === 'number' && Number.isFinite(timestamp);
    if (!wellFormed) throw fault(400, 'cobrowse.eventMalformed', { index: index + 1 });
    const kept = { type, data, timestamp };
    if (jsonLength(kept, index) > COBROWSE_MAX_EVENT_CHARS) throw fault(413, 'cobrowse.eventTooLarge', { index: index + 1, max: kB(COBROWSE_MAX_EVENT_CHARS) });
    return kept;
  });
  return JSON.stringify(events);
}

/** Cuts text into parts of at most `maxBytes` as JSON strings (one fan-out message each). */
export function partsOf(text: string, maxBytes: number): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start < text.length) {
    let length = Math.min(text.length - start, maxBytes);
    // Escapes and multi-byte characters make a part longer than its length: shrink until it fits.
    while (Buffer.byteLength(JSON.stringify(text.slice(start, start + length))) > maxBytes) length = Math.max(1, Math.floor(length * 0.8));
    // Never cut a surrogate pair in two.
    const last = text.charCodeAt(start + length - 1);
    if (length > 1 && last >= 0xd800 && last <= 0xdbff) length--;
    parts.push(text.slice(start, start + length));
    start += length;
  }
  return parts;
}
