import { beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import {
  LiveConnection,
  PING_AFTER_PONG_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_INITIAL_MS,
  RECONNECT_MAX_MS,
  type LiveEvents,
  type SocketLike,
} from '../../src/realtime/live-connection';
import { FakeClock } from './realtime-fake-clock';

class FakeSocket implements SocketLike {
  readonly sent: { action: string; data?: unknown }[] = [];
  closedWith: { code?: number; reason?: string } | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;

  constructor(
    readonly url: string,
    readonly protocol: string,
  ) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data) as { action: string; data?: unknown });
  }
  close(code?: number, reason?: string): void {
    this.closedWith = { code, reason };
  }
  // What the server or the network does:
  opened(): void {
    this.onopen?.({});
  }
  receive(frame: unknown): void {
    this.onmessage?.({ data: typeof frame === 'string' ? frame : JSON.stringify(frame) });
  }
  dropped(code = 1006, reason = ''): void {
    this.onclose?.({ code, reason });
  }
  actions(): string[] {
    return this.sent.map((frame) => frame.action);
  }
}

let clock: FakeClock;
let sockets: FakeSocket[];
type Mocked<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? Mock<(...args: A) => R> : never };
let events: Mocked<LiveEvents>;
let log: { info: Mock<(...args: unknown[]) => void>; warn: Mock<(...args: unknown[]) => void> };

function connection(): LiveConnection {
  return new LiveConnection({
    url: 'wss://portal.example/',
    credentials: { sessionId: 'hash-1', userId: 42 },
    createSocket: (url, protocol) => {
      const socket = new FakeSocket(url, protocol);
      sockets.push(socket);
      return socket;
    },
    clock,
    events,
    log,
  });
}

const last = () => sockets[sockets.length - 1];

beforeEach(() => {
  clock = new FakeClock();
  sockets = [];
  events = { maintenance: vi.fn(), message: vi.fn(), updateCapabilities: vi.fn(), reauth: vi.fn() };
  log = { info: vi.fn(), warn: vi.fn() };
});

/** Advances until the next socket is created; returns how long that took. */
function waitForNextSocket(): number {
  const before = sockets.length;
  let waited = 0;
  while (sockets.length === before) {
    clock.advance(1000);
    waited += 1000;
    if (waited > RECONNECT_MAX_MS * 2) throw new Error('no reconnect');
  }
  return waited;
}

describe('LiveConnection', () => {
  it('opens with the webclient subprotocol and authenticates with sessionId and userId', () => {
    connection().start();
    expect(last().url).toBe('wss://portal.example/');
    expect(last().protocol).toBe('webclient');
    expect(last().sent).toEqual([]);
    last().opened();
    expect(last().sent).toEqual([{ action: 'auth', data: { sessionId: 'hash-1', userId: 42 } }]);
  });

  it('reconnects after unclean closes waiting 5, 10, 20, ... s capped at 600 s, and resets on open', () => {
    const live = connection();
    live.start();
    const waits: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      last().dropped();
      waits.push(waitForNextSocket() / 1000);
    }
    expect(waits).toEqual([5, 10, 20, 40, 80, 160, 320, 600, 600, 600]);

    last().opened();
    expect(live.nextReconnectDelayMs).toBe(RECONNECT_INITIAL_MS);
    last().dropped(1001, 'Server shutting down.');
    expect(waitForNextSocket()).toBe(5000);
  });

  it('does not reconnect when the server refused it or after stop(), and says deauth when stopping', () => {
    const live = connection();
    live.start();
    last().opened();
    last().dropped(4003, 'Unauthorized.');
    clock.advance(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(1);

    const other = connection();
    other.start();
    last().opened();
    other.stop();
    expect(last().actions()).toEqual(['auth', 'deauth']);
    expect(last().closedWith).toEqual({ code: 1000, reason: 'Signed out.' });
    last().dropped(1000);
    clock.advance(RECONNECT_MAX_MS * 2);
    expect(sockets).toHaveLength(2);
    expect(clock.pendingTimers).toBe(0);
  });

  it('pings 300 s after the last pong and closes with 4001 "No pong." when no pong comes within 60 s', () => {
    connection().start();
    const socket = last();
    socket.opened();
    clock.advance(PING_AFTER_PONG_MS - 1);
    expect(socket.actions()).toEqual(['auth']);
    clock.advance(1);
    expect(socket.actions()).toEqual(['auth', 'ping']);

    // A pong in time: the next ping comes 300 s after it.
    clock.advance(10_000);
    socket.receive({ action: 'pong', data: socket.sent[1].data });
    clock.advance(PING_AFTER_PONG_MS - 1);
    expect(socket.actions()).toEqual(['auth', 'ping']);
    clock.advance(1);
    expect(socket.actions()).toEqual(['auth', 'ping', 'ping']);

    // No pong: closed with 4001 after 60 s, and a new connection 5 s later.
    clock.advance(PONG_TIMEOUT_MS - 1);
    expect(socket.closedWith).toBeUndefined();
    clock.advance(1);
    expect(socket.closedWith).toEqual({ code: 4001, reason: 'No pong.' });
    expect(sockets).toHaveLength(1);
    clock.advance(RECONNECT_INITIAL_MS);
    expect(sockets).toHaveLength(2);
    // The dead socket's late close event changes nothing.
    socket.dropped(4001, 'No pong.');
    clock.advance(RECONNECT_MAX_MS);
    expect(sockets).toHaveLength(2);
  });

  it('answers the server ping with a pong echoing its data', () => {
    connection().start();
    last().opened();
    last().receive({ action: 'ping', data: { at: 7 } });
    expect(last().sent[1]).toEqual({ action: 'pong', data: { at: 7 } });
  });

  it('hands maintenance, message, updatecapabs and reauth to its listener; logs and ignores the unknown', () => {
    connection().start();
    last().opened();
    last().receive({ action: 'maintenance', data: 90 });
    last().receive({ action: 'maintenance', data: true });
    last().receive({ action: 'maintenance', data: 'off' });
    last().receive({ action: 'maintenance', data: null });
    last().receive({ action: 'message', data: 'Hello' });
    last().receive({ action: 'updatecapabs' });
    last().receive({ action: 'reauth' });
    last().receive({ action: 'somethingNew', data: 1 });
    last().receive('not json');
    expect(events.maintenance.mock.calls).toEqual([[90], [true], ['off'], [false]]);
    expect(events.message).toHaveBeenCalledWith('Hello');
    expect(events.updateCapabilities).toHaveBeenCalledOnce();
    expect(events.reauth).toHaveBeenCalledOnce();
    expect(log.info).toHaveBeenCalledWith('realtime: ignored unknown event somethingNew');
    expect(last().actions()).toEqual(['auth']);
  });
});
