/**
 * The live connection's protocol (spec §7 Realtime, §9), shared by the client
 * (src/realtime) and the server hub (server/realtime). Every frame is JSON
 * `{ action, data }`.
 */

/** The one subprotocol the server accepts. */
export const REALTIME_SUBPROTOCOL = 'webclient';

/** Paths the server upgrades: the host root, and /ws/ behind Vite's dev proxy. */
export const REALTIME_PATHS: readonly string[] = ['/', '/ws', '/ws/'];

/** Sent by the client. */
export type ClientAction = 'auth' | 'deauth' | 'ping' | 'pong';
/** Sent by the server. */
export type ServerAction = 'ping' | 'pong' | 'reauth' | 'maintenance' | 'message' | 'updatecapabs' | 'servermessage' | 'definitions';

/**
 * `servermessage` data (spec §3 Server event): a pricelist changed. `DP_UpdateComplete` is the
 * spec's event; `DP_UpdateProgress` and `DP_UpdateFailed` tell the progress of the same job.
 * Older events (by TimeStamp, per event and marketplace) are skipped by the client.
 */
export interface MarketplaceEventData {
  Event: 'DP_UpdateComplete' | 'DP_UpdateProgress' | 'DP_UpdateFailed';
  MarketplaceId: number;
  TimeStamp: string;
  JobId: number;
  Processed: number;
  Total: number;
}

/**
 * Extension (issue 38): the chat support queue changed (a conversation waits for a person, was
 * taken or ended). It carries nothing else: an open support console fetches its list again.
 */
export interface ChatQueueEventData {
  Event: 'ChatQueueChanged';
  TimeStamp: string;
}

/**
 * Extension (issue 38): co-browsing. To the user's session: a support person joined (start recording)
 * or the session ended. To the support person's session: a part of a batch of the user's recorded
 * events (a JSON array cut into parts that fit one fan-out message; joined again by `BatchId`).
 */
export type CobrowseEventData =
  | { Event: 'CobrowseJoined'; SessionId: string; AgentName: string }
  | { Event: 'CobrowseEnded'; SessionId: string; By: 'user' | 'agent' }
  | { Event: 'CobrowseEvents'; SessionId: string; BatchId: string; Part: number; Parts: number; Chunk: string };

export type ServerEventData = MarketplaceEventData | ChatQueueEventData | CobrowseEventData;

export interface RealtimeFrame<A extends string = string> {
  action: A;
  data?: unknown;
}

/** `auth` data: the session user's SessionId (the stored session hash) and UserAccountId. */
export interface AuthData {
  sessionId: string;
  userId: number;
}

/**
 * `maintenance` data: true = soon, a number = seconds until it begins (0 = it
 * has begun), false (or 'off') = over.
 */
export type MaintenanceData = boolean | number | 'off';

/** Close codes of the application (4000-4999 are the application's own). */
export const RealtimeCloseCode = {
  /** The client got no pong within its time: the connection is dead. */
  NoPong: 4001,
  /** The client did not ask for the `webclient` subprotocol. */
  SubprotocolRequired: 4002,
  /** `auth` did not match the session of the connection, or never came. */
  Unauthorized: 4003,
  /** The instance is stopping (deploy, scale-in): reconnect, to another instance (WebSocket's 1012 Service Restart). */
  ServiceRestart: 1012,
} as const;

export const NO_PONG_REASON = 'No pong.';

/** Parses one frame; undefined when it is not `{ action: string, ... }` JSON. */
export function parseRealtimeFrame(text: string): RealtimeFrame | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const { action, data } = value as { action?: unknown; data?: unknown };
  return typeof action === 'string' ? { action, data } : undefined;
}
