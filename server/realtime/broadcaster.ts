/**
 * How an event reaches every server instance: one small interface, two
 * implementations — in-process for PGlite (one process owns its data folder),
 * PostgreSQL LISTEN/NOTIFY when several instances share DATABASE_URL
 * (postgres-broadcaster.ts).
 */

import type { MarketplaceEventData, ServerEventData } from '../../contract/realtime';
import type { CallerChange } from '../auth/caller-cache';
import { parseCobrowseChange, type CobrowseChange } from '../services/cobrowse/cobrowse-change';

/** When maintenance begins; persisted so a client connecting later learns it too. */
export type MaintenanceSchedule = { mode: 'off' } | { mode: 'soon' } | { mode: 'scheduled'; startsAt: number };

export type RealtimeEvent =
  | { kind: 'maintenance'; schedule: MaintenanceSchedule }
  /** A toast for the users listed, else for every user on or below `scopePath`. */
  | { kind: 'message'; text: string; userIds?: number[]; scopePath: string }
  /** The capabilities of these users changed: their sessions get `updatecapabs`. */
  | { kind: 'capabilities'; userIds: number[] }
  /** A pricelist changed: to the users who reach its owner (`ownerPath` within their AccountPath). */
  | { kind: 'marketplace'; ownerPath: string; data: MarketplaceEventData }
  /** A definition was published or rolled back (definition studio): every instance re-reads the published set. */
  | { kind: 'definitions' }
  /** These sessions (stored hashes) of these users were ended: their sockets get `reauth`, cached callers go. */
  | { kind: 'sessions'; userIds: number[]; sessionHashes: string[] }
  /** Cached callers to forget on every instance (auth/caller-cache.ts); no browser is told. */
  | ({ kind: 'callers' } & CallerChange)
  /**
   * A chat conversation has new activities (issue 38): every instance's Direct Line streams of it send
   * them; `queue`: its place in the support queue changed too, so support consoles reaching `userPath` refresh.
   */
  | { kind: 'chat'; conversationId: string; userPath: string; queue: boolean }
  /** Co-browsing (issue 38): a change of the open sessions every instance keeps in memory. */
  | { kind: 'cobrowse'; change: CobrowseChange }
  /** A server event for the sockets of these sessions (stored hashes) only: co-browsing's frames. */
  | { kind: 'direct'; sessionHashes: string[]; data: ServerEventData };

export type EventListener = (event: RealtimeEvent) => void;

export interface Broadcaster {
  readonly kind: 'in-process' | 'postgres';
  /** Delivers the event to every instance's listeners, this one included. */
  publish(event: RealtimeEvent): Promise<void>;
  subscribe(listener: EventListener): () => void;
  /** Whether events published elsewhere reach this instance now (the status page's "live connection"). */
  connected(): boolean;
  close(): Promise<void>;
}

/** Delivery within this process, asynchronous like the PostgreSQL one. */
export class InProcessBroadcaster implements Broadcaster {
  readonly kind = 'in-process';
  private readonly listeners = new Set<EventListener>();

  async publish(event: RealtimeEvent): Promise<void> {
    setImmediate(() => this.listeners.forEach((listener) => listener(event)));
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  connected(): boolean {
    return true;
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}

/** Splits an event whose user list would not fit one NOTIFY payload (8000 bytes) into several. */
export function splitForPayload(event: RealtimeEvent, maxBytes: number): RealtimeEvent[] {
  const size = (value: RealtimeEvent) => Buffer.byteLength(JSON.stringify(value));
  if (event.kind === 'sessions') return splitSessions(event, maxBytes);
  if (size(event) <= maxBytes || event.kind === 'maintenance' || event.kind === 'marketplace' || event.kind === 'definitions' || event.kind === 'chat' || event.kind === 'cobrowse' || event.kind === 'direct' || !event.userIds || event.userIds.length < 2) return [event];
  const half = Math.ceil(event.userIds.length / 2);
  return [
    ...splitForPayload({ ...event, userIds: event.userIds.slice(0, half) }, maxBytes),
    ...splitForPayload({ ...event, userIds: event.userIds.slice(half) }, maxBytes),
  ];
}

type SessionsEvent = Extract<RealtimeEvent, { kind: 'sessions' }>;

/** Ended sessions are split by their hashes (each part keeps the user ids, whose cached callers go everywhere). */
function splitSessions(event: SessionsEvent, maxBytes: number): RealtimeEvent[] {
  if (Buffer.byteLength(JSON.stringify(event)) <= maxBytes || event.sessionHashes.length < 2) return [event];
  const half = Math.ceil(event.sessionHashes.length / 2);
  return [
    ...splitSessions({ ...event, sessionHashes: event.sessionHashes.slice(0, half) }, maxBytes),
    ...splitSessions({ ...event, sessionHashes: event.sessionHashes.slice(half) }, maxBytes),
  ];
}

/** Checks an event that came from another process (NOTIFY payload). */
export function parseRealtimeEvent(payload: string): RealtimeEvent | undefined {
  try {
    const value = JSON.parse(payload) as Partial<RealtimeEvent> & Record<string, unknown>;
    const ids = (list: unknown) => Array.isArray(list) && list.every((id) => Number.isInteger(id));
    switch (value.kind) {
      case 'maintenance': {
        const schedule = value.schedule as Partial<MaintenanceSchedule> | undefined;
        if (schedule?.mode === 'off' || schedule?.mode === 'soon') return { kind: 'maintenance', schedule: { mode: schedule.mode } };
        if (schedule?.mode === 'scheduled' && typeof schedule.startsAt === 'number') {
          return { kind: 'maintenance', schedule: { mode: 'scheduled', startsAt: schedule.startsAt } };
        }
        return undefined;
      }
      case 'message':
        if (typeof value.text !== 'string' || typeof value.scopePath !== 'string') return undefined;
        if (value.userIds !== undefined && !ids(value.userIds)) return undefined;
        return { kind: 'message', text: value.text, scopePath: value.scopePath, ...(value.userIds ? { userIds: value.userIds as number[] } : {}) };
      case 'capabilities':
        return ids(value.userIds) ? { kind: 'capabilities', userIds: value.userIds as number[] } : undefined;
      case 'marketplace': {
        const data = value.data as Partial<MarketplaceEventData> | undefined;
        if (typeof value.ownerPath !== 'string' || typeof data?.Event !== 'string' || !Number.isInteger(data.MarketplaceId)) return undefined;
        return { kind: 'marketplace', ownerPath: value.ownerPath, data: data as MarketplaceEventData };
      }
      case 'definitions':
        return { kind: 'definitions' };
      case 'chat':
        if (typeof value.conversationId !== 'string' || typeof value.userPath !== 'string') return undefined;
        return { kind: 'chat', conversationId: value.conversationId, userPath: value.userPath, queue: value.queue === true };
      case 'cobrowse': {
        const change = parseCobrowseChange(value.change);
        return change ? { kind: 'cobrowse', change } : undefined;
      }
      case 'direct': {
        const hashes = value.sessionHashes;
        const data = value.data as Partial<ServerEventData> | undefined;
        if (!Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string') || typeof data !== 'object' || data === null || typeof data.Event !== 'string') return undefined;
        return { kind: 'direct', sessionHashes: hashes as string[], data: data as ServerEventData };
      }
      case 'sessions': {
        const hashes = value.sessionHashes;
        if (!ids(value.userIds) || !Array.isArray(hashes) || !hashes.every((hash) => typeof hash === 'string')) return undefined;
        return { kind: 'sessions', userIds: value.userIds as number[], sessionHashes: hashes as string[] };
      }
      case 'callers': {
        const hashes = value.sessionHashes;
        if (value.userIds !== undefined && !ids(value.userIds)) return undefined;
        if (hashes !== undefined && !(Array.isArray(hashes) && hashes.every((hash) => typeof hash === 'string'))) return undefined;
        // A user's new account summary: it must be that user's (auth/caller-cache.ts puts it in place).
        const account = value.account as { userId?: unknown; summary?: { AccountId?: unknown } } | undefined;
        if (account !== undefined && !(Number.isInteger(account?.userId) && typeof account.summary === 'object' && account.summary?.AccountId === account.userId)) return undefined;
        return {
          kind: 'callers',
          ...(value.userIds ? { userIds: value.userIds as number[] } : {}),
          ...(hashes ? { sessionHashes: hashes as string[] } : {}),
          ...(account ? { account: account as NonNullable<CallerChange['account']> } : {}),
          ...(value.all === true ? { all: true as const } : {}),
          ...(typeof value.origin === 'string' ? { origin: value.origin } : {}),
        };
      }
      default:
        return undefined;
    }
  } catch {
    return undefined;
  }
}
