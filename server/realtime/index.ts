import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { REALTIME_PATHS, REALTIME_SUBPROTOCOL, RealtimeCloseCode, type MarketplaceEventData, type ServerEventData } from '../../contract/realtime';
import type { CobrowseChange } from '../services/cobrowse/cobrowse-change';
import { SESSION_COOKIE } from '../auth/session-store';
import type { ServerDeps, ServiceContext } from '../services/context';
import { InProcessBroadcaster, type Broadcaster, type MaintenanceSchedule, type RealtimeEvent } from './broadcaster';
import { RealtimeHub, type HubSocket } from './hub';
import { loadMaintenanceSchedule, saveMaintenanceSchedule } from './maintenance-store';
import { PostgresBroadcaster } from './postgres-broadcaster';
import { reloadPublishedDefinitions } from '../definitions/published-store';
import { proxyTrust, type TrustProxy } from '../http/trust-proxy';

/** What the rest of the server uses of the live connection. */
export interface Realtime {
  readonly instanceId: string;
  readonly startedAt: Date;
  readonly fanout: Broadcaster['kind'];
  /** Whether this instance hears the other instances' events now (a lost LISTEN connection: no). */
  fanoutConnected(): boolean;
  stats(): { connections: number; authenticated: number };
  maintenanceSchedule(): MaintenanceSchedule;
  /** Stores the schedule and tells every signed-in client of every instance. */
  scheduleMaintenance(schedule: MaintenanceSchedule): Promise<void>;
  /** A toast for the users listed (or all) on or below `scopePath`. */
  sendMessage(text: string, target: { scopePath: string; userIds?: number[] }): Promise<void>;
  /** Call after the capabilities of these users changed (after the transaction committed). */
  capabilitiesChanged(userIds: number[]): Promise<void>;
  /** A pricelist changed (price save progress, completion): to the users who reach its owner. */
  marketplaceEvent(ownerPath: string, data: MarketplaceEventData): Promise<void>;
  /** Call after a definition was published or rolled back (committed): every instance re-reads them. */
  definitionsChanged(): Promise<void>;
  /** Call after sessions were deleted (committed): their sockets on every instance get `reauth`. */
  sessionsEnded(userIds: number[], sessionHashes: string[]): Promise<void>;
  /** Call after a chat conversation got activities (committed; issue 38): every instance's streams of it send them. */
  chatChanged(change: ChatChange): Promise<void>;
  /** Hears every instance's chat changes (the Direct Line streams of this instance). */
  onChatChanged(listener: (change: ChatChange) => void): () => void;
  /** Co-browsing (issue 38): tells every instance of a change of the open sessions (the others' listeners hear it). */
  cobrowseChanged(change: CobrowseChange): Promise<void>;
  onCobrowseChanged(listener: (change: CobrowseChange) => void): () => void;
  /** A server event for the sockets of these sessions (stored hashes), on every instance. */
  sendToSessions(sessionHashes: string[], data: ServerEventData): Promise<void>;
  /** The largest event the fan-out carries in one message, in bytes (PostgreSQL NOTIFY), or undefined: any. */
  readonly maxEventBytes: number | undefined;
  /** Serves WebSocket upgrades of other paths than the live connection's (the Direct Line streams). */
  addUpgradeRoute(route: UpgradeRoute): void;
  close(): Promise<void>;
}

export type ChatChange = Omit<Extract<RealtimeEvent, { kind: 'chat' }>, 'kind'>;

/** Another WebSocket endpoint on the app's HTTP server: it takes the upgrades whose path it matches. */
export interface UpgradeRoute {
  matches(path: string): boolean;
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/** The live connection of the server a handler runs in. */
export const realtimeOf = (ctx: ServiceContext): Realtime => ctx.request.server.realtime;

const SWEEP_INTERVAL_MS = 15_000;
/** A part of a relayed co-browse batch: with its envelope well below NOTIFY's 8000 bytes. */
const COBROWSE_PART_BYTES = 6000;
const SESSION_CHECK_INTERVAL_MS = 60_000;
const SHUTDOWN_GRACE_MS = 1000;

/** A cross-site page must not open sockets with the user's cookies (the auth frame stops it too; this is the first wall). */
function sameOrigin(request: IncomingMessage, trustProxy: TrustProxy): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  // X-Forwarded-Host counts only when the socket's peer is a trusted proxy (as for the HTTP requests).
  const trusts = proxyTrust(trustProxy);
  const fromProxy = trusts !== false && trusts(request.socket.remoteAddress ?? '', 0);
  const forwarded = fromProxy ? request.headers['x-forwarded-host'] : undefined;
  const host = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0].trim() ?? request.headers.host;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function refuseUpgrade(socket: Duplex, status: 403 | 404): void {
  socket.end(`HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : 'Not Found'}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/**
 * Serves the websocket at the host root (and /ws/ for the dev proxy) on the
 * app's own HTTP server, and decorates the app with `realtime`. Closed by the
 * app's preClose hook, before the HTTP server waits for its connections.
 */
export async function attachRealtime(app: FastifyInstance, deps: ServerDeps): Promise<Realtime> {
  const log = app.log.child({ module: 'realtime' });
  const hub = new RealtimeHub({
    db: deps.db,
    sessions: deps.sessions,
    log,
    sessionIdleMinutes: deps.config.sessionIdleMinutes,
    sessionAbsoluteHours: deps.config.sessionAbsoluteHours,
  });
  const reloadFailed = (error: unknown) => log.warn({ err: error }, 'realtime: could not re-read the published definitions');
  const reloadDefinitions = () => void reloadPublishedDefinitions(deps.db, deps.config).catch(reloadFailed);
  const reloadMaintenance = () => {
    reloadDefinitions();
    void loadMaintenanceSchedule(deps.db).then(
      (schedule) => hub.setMaintenanceSchedule(schedule),
      (error: unknown) => log.warn({ err: error }, 'realtime: could not re-read the maintenance schedule'),
    );
  };

  let broadcaster: Broadcaster;
  if (deps.db.kind === 'postgres' && deps.config.databaseUrl) {
    const postgres = new PostgresBroadcaster(deps.config.databaseUrl, deps.db, log, reloadMaintenance);
    await postgres.start();
    broadcaster = postgres;
  } else {
    broadcaster = new InProcessBroadcaster();
  }
  // A cached caller forgotten here is forgotten on every instance (auth/caller-cache.ts).
  deps.callers.connect((change) => void broadcaster.publish({ kind: 'callers', ...change }).catch((error: unknown) => log.warn({ err: error }, 'realtime: could not publish a caller change')));
  hub.setMaintenanceSchedule(await loadMaintenanceSchedule(deps.db));
  await reloadPublishedDefinitions(deps.db, deps.config);
  const chatListeners = new Set<(change: ChatChange) => void>();
  const cobrowseListeners = new Set<(change: CobrowseChange) => void>();
  const unsubscribe = broadcaster.subscribe((event) => {
    if (event.kind === 'chat') chatListeners.forEach((listener) => listener(event));
    if (event.kind === 'cobrowse') return cobrowseListeners.forEach((listener) => listener(event.change));
    // The browsers are told once this instance serves the new versions, so their refetch gets them.
    if (event.kind === 'definitions') return void reloadPublishedDefinitions(deps.db, deps.config).then(() => hub.deliver(event), reloadFailed);
    // Another instance changed these users' rights: this instance's cached callers are stale too.
    if (event.kind === 'callers') return deps.callers.apply(event);
    if (event.kind === 'capabilities' || event.kind === 'sessions') deps.callers.apply({ userIds: event.userIds });
    hub.deliver(event);
  });

  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });

  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    // `ws` accepts a client that names no subprotocol: refuse it here.
    if (ws.protocol !== REALTIME_SUBPROTOCOL) {
      ws.close(RealtimeCloseCode.SubprotocolRequired, `Subprotocol ${REALTIME_SUBPROTOCOL} required.`);
      return;
    }
    sockets.add(ws);
    const cookies = app.parseCookie(request.headers.cookie ?? '');
    const socket: HubSocket = {
      send: (text) => ws.send(text),
      close: (code, reason) => ws.close(code, reason),
      terminate: () => ws.terminate(),
    };
    const connection = hub.connect(socket, cookies[SESSION_COOKIE]);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      connection.receive(data.toString()).catch((error: unknown) => log.error({ err: error }, 'realtime: handling a frame failed'));
    });
    ws.on('error', (error) => log.debug({ err: error }, 'realtime: socket error'));
    ws.on('close', () => {
      sockets.delete(ws);
      connection.closed();
    });
  });

  const upgradeRoutes: UpgradeRoute[] = [];
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    if (!REALTIME_PATHS.includes(path)) {
      const route = upgradeRoutes.find((candidate) => candidate.matches(path));
      return route ? route.upgrade(request, socket, head) : refuseUpgrade(socket, 404);
    }
    if (!sameOrigin(request, deps.config.trustProxy)) return refuseUpgrade(socket, 403);
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  const sweep = setInterval(() => hub.sweep(), SWEEP_INTERVAL_MS);
  const sessionCheck = setInterval(
    () => void hub.checkSessions().catch((error: unknown) => log.warn({ err: error }, 'realtime: session check failed')),
    SESSION_CHECK_INTERVAL_MS,
  );
  sweep.unref();
  sessionCheck.unref();

  const startedAt = new Date();
  const instanceId = `${process.pid}-${startedAt.getTime().toString(36)}`;
  let closing: Promise<void> | undefined;

  const realtime: Realtime = {
    instanceId,
    startedAt,
    fanout: broadcaster.kind,
    fanoutConnected: () => broadcaster.connected(),
    stats: () => hub.stats(),
    maintenanceSchedule: () => hub.maintenanceSchedule,
    async scheduleMaintenance(schedule) {
      await saveMaintenanceSchedule(deps.db, schedule);
      await broadcaster.publish({ kind: 'maintenance', schedule });
    },
    async sendMessage(text, target) {
      await broadcaster.publish({ kind: 'message', text, scopePath: target.scopePath, ...(target.userIds ? { userIds: target.userIds } : {}) });
    },
    async capabilitiesChanged(userIds) {
      if (userIds.length > 0) await broadcaster.publish({ kind: 'capabilities', userIds: [...new Set(userIds)] });
    },
    async marketplaceEvent(ownerPath, data) {
      await broadcaster.publish({ kind: 'marketplace', ownerPath, data });
    },
    async definitionsChanged() {
      await broadcaster.publish({ kind: 'definitions' });
    },
    async sessionsEnded(userIds, sessionHashes) {
      if (sessionHashes.length > 0) await broadcaster.publish({ kind: 'sessions', userIds: [...new Set(userIds)], sessionHashes });
    },
    async chatChanged(change) {
      await broadcaster.publish({ kind: 'chat', ...change });
    },
    onChatChanged(listener) {
      chatListeners.add(listener);
      return () => chatListeners.delete(listener);
    },
    async cobrowseChanged(change) {
      await broadcaster.publish({ kind: 'cobrowse', change });
    },
    onCobrowseChanged(listener) {
      cobrowseListeners.add(listener);
      return () => cobrowseListeners.delete(listener);
    },
    async sendToSessions(sessionHashes, data) {
      if (sessionHashes.length > 0) await broadcaster.publish({ kind: 'direct', sessionHashes, data });
    },
    maxEventBytes: broadcaster.kind === 'postgres' ? COBROWSE_PART_BYTES : undefined,
    addUpgradeRoute(route) {
      upgradeRoutes.push(route);
    },
    close() {
      closing ??= (async () => {
        clearInterval(sweep);
        clearInterval(sessionCheck);
        unsubscribe();
        hub.closeAll();
        // Give the close frames a moment, then cut whatever is left: the HTTP server waits for these sockets.
        const deadline = Date.now() + SHUTDOWN_GRACE_MS;
        while (sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
        sockets.forEach((ws) => ws.terminate());
        wss.close();
        await broadcaster.close();
      })();
      return closing;
    },
  };
  app.decorate('realtime', realtime);
  app.addHook('preClose', async () => realtime.close());
  return realtime;
}
