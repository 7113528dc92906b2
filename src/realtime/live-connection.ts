/**
 * The client side of the live connection (spec §4, §7, §9) without React or a
 * real socket: connects with the `webclient` subprotocol, authenticates, keeps
 * a ping/pong heartbeat, reconnects with back-off and hands the server's events
 * to its listener. Sockets and time are injected, so every timer is testable.
 */
import {
  NO_PONG_REASON,
  REALTIME_SUBPROTOCOL,
  RealtimeCloseCode,
  parseRealtimeFrame,
  type AuthData,
  type ClientAction,
  type MaintenanceData,
  type ServerEventData,
} from '../../contract/realtime';
import type { Clock, TimerHandle } from './clock';

/** A ping goes out this long after the last pong (or the open). */
export const PING_AFTER_PONG_MS = 300_000;
/** A ping unanswered this long means the connection is dead. */
export const PONG_TIMEOUT_MS = 60_000;
/** The first reconnect waits this long, each further one twice as long, up to the cap. */
export const RECONNECT_INITIAL_MS = 5_000;
export const RECONNECT_MAX_MS = 600_000;

/** The part of the browser's WebSocket this class uses. */
export interface SocketLike {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
}

export type SocketFactory = (url: string, protocol: string) => SocketLike;

export interface LiveEvents {
  maintenance(data: MaintenanceData): void;
  message(text: string): void;
  updateCapabilities(): void;
  reauth(): void;
  /** A `servermessage` (spec §3 Server event, e.g. DP_UpdateComplete). */
  serverMessage?(data: ServerEventData): void;
  /** Extension `definitions` (issue 22): a layout or screen definition was published, rolled back or retired. */
  definitionsChanged?(): void;
}

export interface LiveConnectionOptions {
  url: string;
  credentials: AuthData;
  createSocket: SocketFactory;
  clock: Clock;
  events: LiveEvents;
  log?: Pick<Console, 'info' | 'warn'>;
}

/** Closes the server uses to refuse: trying again would be refused again. */
const FINAL_CLOSE_CODES: readonly number[] = [RealtimeCloseCode.SubprotocolRequired, RealtimeCloseCode.Unauthorized];

function isMaintenanceData(data: unknown): data is MaintenanceData {
  return typeof data === 'boolean' || data === 'off' || (typeof data === 'number' && Number.isFinite(data));
}

export class LiveConnection {
  private socket: SocketLike | undefined;
  private open = false;
  private stopped = true;
  private reconnectDelay = RECONNECT_INITIAL_MS;
  private reconnectTimer: TimerHandle | undefined;
  private pingTimer: TimerHandle | undefined;
  private pongTimer: TimerHandle | undefined;

  constructor(private readonly options: LiveConnectionOptions) {}

  /** The wait before the next reconnect attempt. */
  get nextReconnectDelayMs(): number {
    return this.reconnectDelay;
  }

  get isOpen(): boolean {
    return this.open;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Signs the socket off and closes it for good (sign-out, unmount). */
  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.clearTimers();
    this.options.clock.clearTimeout(this.reconnectTimer);
    const wasOpen = this.open;
    const socket = this.detach();
    if (socket && wasOpen) this.sendOn(socket, 'deauth');
    socket?.close(1000, 'Signed out.');
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url, REALTIME_SUBPROTOCOL);
    } catch (error) {
      // E.g. a URL the browser refuses: try again later like after any failed attempt.
      this.options.log?.warn('realtime: could not open the socket', error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.open = true;
      this.reconnectDelay = RECONNECT_INITIAL_MS;
      this.sendOn(socket, 'auth', this.options.credentials);
      this.schedulePing();
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(socket, event.data);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.detach();
      this.clearTimers();
      if (FINAL_CLOSE_CODES.includes(event.code)) {
        this.options.log?.warn(`realtime: the server refused the connection (${event.code} ${event.reason})`);
        return;
      }
      this.scheduleReconnect();
    };
  }

  /** Forgets the current socket so its late events are ignored. */
  private detach(): SocketLike | undefined {
    const socket = this.socket;
    this.socket = undefined;
    this.open = false;
    return socket;
  }

  private sendOn(socket: SocketLike, action: ClientAction, data?: unknown): void {
    try {
      socket.send(JSON.stringify(data === undefined ? { action } : { action, data }));
    } catch (error) {
      this.options.log?.warn('realtime: send failed', error);
    }
  }

  private receive(socket: SocketLike, raw: unknown): void {
    const frame = typeof raw === 'string' ? parseRealtimeFrame(raw) : undefined;
    if (!frame) {
      this.options.log?.info('realtime: ignored a frame that is not {action, data} JSON');
      return;
    }
    const { events } = this.options;
    switch (frame.action) {
      case 'ping':
        return this.sendOn(socket, 'pong', frame.data);
      case 'pong':
        return this.schedulePing();
      case 'reauth':
        return events.reauth();
      case 'maintenance':
        if (isMaintenanceData(frame.data) || frame.data === null) return events.maintenance(frame.data ?? false);
        this.options.log?.info('realtime: ignored maintenance data', frame.data);
        return;
      case 'message':
        if (typeof frame.data === 'string') events.message(frame.data);
        return;
      case 'updatecapabs':
        return events.updateCapabilities();
      case 'servermessage':
        if (typeof frame.data === 'object' && frame.data !== null && typeof (frame.data as ServerEventData).Event === 'string') events.serverMessage?.(frame.data as ServerEventData);
        return;
      case 'definitions':
        return events.definitionsChanged?.();
      default:
        this.options.log?.info(`realtime: ignored unknown event ${frame.action}`);
    }
  }

  /** A ping 300 s after the last pong; then 60 s for the answer. */
  private schedulePing(): void {
    const { clock } = this.options;
    this.clearTimers();
    this.pingTimer = clock.setTimeout(() => {
      const socket = this.socket;
      if (!socket) return;
      this.sendOn(socket, 'ping', clock.now());
      this.pongTimer = clock.setTimeout(() => this.noPong(), PONG_TIMEOUT_MS);
    }, PING_AFTER_PONG_MS);
  }

  /**
   * The connection is dead. Closing a dead socket may take the browser minutes
   * to report, so it is dropped at once and the reconnect scheduled now.
   */
  private noPong(): void {
    const socket = this.detach();
    this.clearTimers();
    this.options.log?.warn('realtime: no pong, reconnecting');
    socket?.close(RealtimeCloseCode.NoPong, NO_PONG_REASON);
    if (!this.stopped) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = this.reconnectDelay;
    this.reconnectDelay = Math.min(delay * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = this.options.clock.setTimeout(() => {
      if (!this.stopped) this.connect();
    }, delay);
  }

  private clearTimers(): void {
    this.options.clock.clearTimeout(this.pingTimer);
    this.options.clock.clearTimeout(this.pongTimer);
    this.pingTimer = undefined;
    this.pongTimer = undefined;
  }
}
