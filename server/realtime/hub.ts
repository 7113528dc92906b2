import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { RealtimeCloseCode, parseRealtimeFrame, type ChatQueueEventData, type ServerAction } from '../../contract/realtime';
import { isWithin } from '../auth/access';
import type { SessionStore } from '../auth/session-store';
import type { Queryable } from '../db/db';
import type { MaintenanceSchedule, RealtimeEvent } from './broadcaster';
import { maintenanceData } from './maintenance-store';

/** The account a user belongs to, from the user's own path: what the user reaches. */
const parentPath = (accountPath: string) => accountPath.slice(0, Math.max(0, accountPath.lastIndexOf('/')));

/** The part of a `ws` socket the hub uses (a fake one in unit tests). */
export interface HubSocket {
  send(text: string): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

export interface HubTimings {
  /** A client silent this long gets a `ping`. */
  pingAfterMs: number;
  /** A client silent this long is dropped (it did not answer the ping). */
  dropAfterMs: number;
  /** A client that has not authenticated by then is closed. */
  authTimeoutMs: number;
}

export const DEFAULT_HUB_TIMINGS: HubTimings = { pingAfterMs: 60_000, dropAfterMs: 150_000, authTimeoutMs: 30_000 };

export interface HubDeps {
  db: Queryable;
  sessions: SessionStore;
  log: FastifyBaseLogger;
  /** Idle and absolute session limits, to tell which authenticated sessions ended. */
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  timings?: HubTimings;
  now?: () => number;
}

interface Authenticated {
  userId: number;
  sessionHash: string;
  /** The user's own account path, to address messages to a part of the hierarchy. */
  accountPath: string;
}

interface Client {
  id: string;
  socket: HubSocket;
  /** The session cookie sent with the upgrade request. */
  cookieSessionId: string | undefined;
  /** Since when the socket has had no authenticated session (connect, deauth, reauth). */
  unauthenticatedSince: number;
  lastHeardAt: number;
  auth?: Authenticated;
  closed: boolean;
  /** Frames are handled one after the other, in the order they came (auth is asynchronous). */
  queue: Promise<void>;
}

/** What the transport calls for one connection. */
export interface HubConnection {
  receive(text: string): Promise<void>;
  /** The socket closed, whoever closed it. */
  closed(): void;
}

/**
 * The server side of the live connection: authenticates each socket against
 * the session of its cookie, answers pings, pings silent clients and drops dead
 * ones, and delivers events (from the Broadcaster, so from any instance) to
 * the sockets they concern.
 */
export class RealtimeHub {
  private readonly clients = new Map<string, Client>();
  private readonly timings: HubTimings;
  private readonly now: () => number;
  private maintenance: MaintenanceSchedule = { mode: 'off' };

  constructor(private readonly deps: HubDeps) {
    this.timings = deps.timings ?? DEFAULT_HUB_TIMINGS;
    this.now = deps.now ?? Date.now;
  }

  get maintenanceSchedule(): MaintenanceSchedule {
    return this.maintenance;
  }

  /** Sets the known schedule without telling anyone (start-up, after a missed notification). */
  setMaintenanceSchedule(schedule: MaintenanceSchedule): void {
    this.maintenance = schedule;
  }

  stats(): { connections: number; authenticated: number } {
    let authenticated = 0;
    for (const client of this.clients.values()) if (client.auth) authenticated++;
    return { connections: this.clients.size, authenticated };
  }

  connect(socket: HubSocket, cookieSessionId: string | undefined): HubConnection {
    const now = this.now();
    const client: Client = { id: randomUUID(), socket, cookieSessionId, unauthenticatedSince: now, lastHeardAt: now, closed: false, queue: Promise.resolve() };
    this.clients.set(client.id, client);
    return {
      receive: (text) => {
        client.lastHeardAt = this.now();
        const handled = client.queue.then(() => this.receive(client, text));
        client.queue = handled.catch(() => undefined);
        return handled;
      },
      closed: () => {
        client.closed = true;
        this.clients.delete(client.id);
      },
    };
  }

  private send(client: Client, action: ServerAction, data?: unknown): void {
    if (client.closed) return;
    try {
      client.socket.send(JSON.stringify(data === undefined ? { action } : { action, data }));
    } catch (error) {
      this.deps.log.debug({ err: error }, 'realtime: send failed');
    }
  }

  private forget(client: Client): void {
    if (client.auth) client.unauthenticatedSince = this.now();
    client.auth = undefined;
  }

  private refuse(client: Client, reauth: boolean): void {
    if (reauth) this.send(client, 'reauth');
    this.forget(client);
    client.socket.close(RealtimeCloseCode.Unauthorized, 'Unauthorized.');
  }

  private async receive(client: Client, text: string): Promise<void> {
    if (client.closed) return;
    const frame = parseRealtimeFrame(text);
    if (!frame) {
      this.deps.log.info({ length: text.length }, 'realtime: ignored a frame that is not {action, data} JSON');
      return;
    }
    switch (frame.action) {
      case 'auth':
        return this.authenticate(client, frame.data);
      case 'deauth':
        return this.forget(client);
      case 'ping':
        return this.send(client, 'pong', frame.data);
      case 'pong':
        return;
      default:
        this.deps.log.info({ action: frame.action.slice(0, 64) }, 'realtime: ignored an unknown action');
    }
  }

  /**
   * `auth` must name the session of the cookie the socket was opened with
   * (its stored hash, the SessionId the client sees) and that session's user.
   * A session that is gone, or another one, gets `reauth` (the client fetches
   * its user again) and the socket is closed.
   */
  private async authenticate(client: Client, data: unknown): Promise<void> {
    const { sessionId, userId } = (typeof data === 'object' && data !== null ? data : {}) as { sessionId?: unknown; userId?: unknown };
    if (typeof sessionId !== 'string' || !Number.isInteger(userId)) return this.refuse(client, false);
    const session = await this.deps.sessions.find(client.cookieSessionId);
    if (!session || session.idHash !== sessionId || session.userId !== userId) {
      this.deps.log.info({ event: 'realtime-auth-refused', sessionKnown: Boolean(session) }, 'realtime: auth refused');
      return this.refuse(client, true);
    }
    const account = await this.deps.db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [userId]);
    if (!account || client.closed) return this.refuse(client, false);
    client.auth = { userId: session.userId, sessionHash: session.idHash, accountPath: account.path };
    // A client connecting during an announced maintenance learns it at once.
    if (this.maintenance.mode !== 'off') this.send(client, 'maintenance', maintenanceData(this.maintenance, this.now()));
  }

  /** An event from the Broadcaster: to every authenticated socket it concerns on this instance. */
  deliver(event: RealtimeEvent): void {
    if (event.kind === 'definitions') return this.definitionsChanged();
    if (event.kind === 'sessions') return this.sessionsEnded(new Set(event.sessionHashes));
    if (event.kind === 'maintenance') this.maintenance = event.schedule;
    if (event.kind === 'chat') return event.queue ? this.chatQueueChanged(event.userPath) : undefined;
    if (event.kind === 'cobrowse') return undefined;
    if (event.kind === 'direct') return this.toSessions(new Set(event.sessionHashes), event.data);
    const userIds = event.kind === 'maintenance' || event.kind === 'marketplace' ? undefined : event.userIds ? new Set(event.userIds) : undefined;
    for (const client of this.clients.values()) {
      const auth = client.auth;
      if (!auth) continue;
      switch (event.kind) {
        case 'maintenance':
          this.send(client, 'maintenance', maintenanceData(event.schedule, this.now()));
          break;
        case 'message':
          if ((userIds ? userIds.has(auth.userId) : true) && isWithin(auth.accountPath, event.scopePath)) this.send(client, 'message', event.text);
          break;
        case 'capabilities':
          if (userIds?.has(auth.userId)) this.send(client, 'updatecapabs');
          break;
        case 'marketplace':
          // The user reaches what is on or below the account it belongs to (its own path minus itself).
          if (isWithin(event.ownerPath, parentPath(auth.accountPath))) {
            this.send(client, 'servermessage', event.data);
          }
          break;
      }
    }
  }

  /**
   * The chat support queue changed (issue 38): the signed-in users who reach the conversation's user
   * are told, with nothing but the event's name; a support console among them fetches its list again.
   */
  private chatQueueChanged(userPath: string): void {
    const data: ChatQueueEventData = { Event: 'ChatQueueChanged', TimeStamp: new Date(this.now()).toISOString() };
    for (const client of this.clients.values()) {
      if (client.auth && isWithin(userPath, parentPath(client.auth.accountPath))) this.send(client, 'servermessage', data);
    }
  }

  /** A server event for the sockets of these sessions only (co-browsing, issue 38). */
  private toSessions(hashes: Set<string>, data: unknown): void {
    for (const client of this.clients.values()) if (client.auth && hashes.has(client.auth.sessionHash)) this.send(client, 'servermessage', data);
  }

  /** Pings silent clients, drops those that stayed silent, closes those that never authenticated. */
  sweep(): void {
    const now = this.now();
    for (const client of this.clients.values()) {
      const silentFor = now - client.lastHeardAt;
      if (silentFor >= this.timings.dropAfterMs) {
        this.deps.log.debug({ client: client.id }, 'realtime: dropping a dead connection');
        client.closed = true;
        this.clients.delete(client.id);
        client.socket.terminate();
      } else if (!client.auth && now - client.unauthenticatedSince >= this.timings.authTimeoutMs) {
        this.refuse(client, false);
      } else if (silentFor >= this.timings.pingAfterMs) {
        this.send(client, 'ping', now);
      }
    }
  }

  /** Sessions ended by their user or an administrator: their sockets are told at once (issue 23). */
  private sessionsEnded(hashes: Set<string>): void {
    for (const client of this.clients.values()) {
      if (client.auth && hashes.has(client.auth.sessionHash)) {
        this.forget(client);
        this.send(client, 'reauth');
      }
    }
  }

  /** Published definitions changed (issue 22): open screens fetch theirs again (extension event `definitions`). */
  private definitionsChanged(): void {
    for (const client of this.clients.values()) if (client.auth) this.send(client, 'definitions');
  }

  /** Tells the sockets whose session ended (signed out, expired) to authenticate again. */
  async checkSessions(): Promise<void> {
    const hashes = [...new Set([...this.clients.values()].flatMap((client) => (client.auth ? [client.auth.sessionHash] : [])))];
    if (hashes.length === 0) return;
    // The session store's liveness rule, without touching the sessions: an open page does not keep a session alive.
    const alive = await this.deps.db.query<{ id_hash: string }>(
      `SELECT id_hash FROM sessions
        WHERE id_hash = ANY($1::text[])
          AND last_seen_at > now() - make_interval(mins => $2)
          AND created_at > now() - make_interval(hours => $3)`,
      [hashes, this.deps.sessionIdleMinutes, this.deps.sessionAbsoluteHours],
    );
    const aliveSet = new Set(alive.map((row) => row.id_hash));
    for (const client of this.clients.values()) {
      if (client.auth && !aliveSet.has(client.auth.sessionHash)) {
        this.forget(client);
        this.send(client, 'reauth');
      }
    }
  }

  /** Closes every socket (server shutdown: clients reconnect to another instance or later). */
  closeAll(): void {
    for (const client of this.clients.values()) {
      client.closed = true;
      try {
        // 1012: a restart, not an error; the client reconnects (to another instance behind the proxy).
        client.socket.close(RealtimeCloseCode.ServiceRestart, 'Service restart: reconnect.');
      } catch {
        client.socket.terminate();
      }
    }
    this.clients.clear();
  }
}
