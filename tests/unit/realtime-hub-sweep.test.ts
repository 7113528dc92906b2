import type { FastifyBaseLogger } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionStore, StoredSession } from '../../server/auth/session-store';
import type { Queryable } from '../../server/db/db';
import { RealtimeHub, type HubSocket } from '../../server/realtime/hub';

class FakeHubSocket implements HubSocket {
  readonly sent: { action: string; data?: unknown }[] = [];
  closedWith: { code: number; reason: string } | undefined;
  terminated = false;
  send(text: string): void {
    this.sent.push(JSON.parse(text) as { action: string; data?: unknown });
  }
  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
  }
  terminate(): void {
    this.terminated = true;
  }
}

const session: StoredSession = { idHash: 'hash-1', userId: 42, impersonatorId: null, mfaVerifiedAt: null };
const sessions = { find: async (id: string | undefined) => (id === 'cookie-1' ? session : undefined) } as unknown as SessionStore;
const log = { info: vi.fn(), debug: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
let aliveHashes: string[];
const db: Queryable = {
  query: async <T,>() => aliveHashes.map((id_hash) => ({ id_hash })) as T[],
  one: async <T,>() => ({ path: '1/2/42' }) as T,
  exec: async () => undefined,
};

let now: number;
let hub: RealtimeHub;
beforeEach(() => {
  now = 1_000_000;
  aliveHashes = ['hash-1'];
  hub = new RealtimeHub({
    db,
    sessions,
    log,
    sessionIdleMinutes: 30,
    sessionAbsoluteHours: 12,
    timings: { pingAfterMs: 60_000, dropAfterMs: 150_000, authTimeoutMs: 30_000 },
    now: () => now,
  });
});

async function authenticated(): Promise<{ socket: FakeHubSocket; connection: ReturnType<RealtimeHub['connect']> }> {
  const socket = new FakeHubSocket();
  const connection = hub.connect(socket, 'cookie-1');
  await connection.receive(JSON.stringify({ action: 'auth', data: { sessionId: 'hash-1', userId: 42 } }));
  expect(socket.closedWith).toBeUndefined();
  return { socket, connection };
}

describe('RealtimeHub liveness', () => {
  it('pings a client silent for 60 s and drops it after 150 s of silence', async () => {
    const { socket } = await authenticated();
    now += 59_999;
    hub.sweep();
    expect(socket.sent).toEqual([]);
    now += 1;
    hub.sweep();
    expect(socket.sent).toEqual([{ action: 'ping', data: now }]);
    now += 90_000;
    hub.sweep();
    expect(socket.terminated).toBe(true);
    expect(hub.stats()).toEqual({ connections: 0, authenticated: 0 });
  });

  it('keeps a client that answers', async () => {
    const { socket, connection } = await authenticated();
    for (let minute = 0; minute < 10; minute++) {
      now += 60_000;
      hub.sweep();
      await connection.receive(JSON.stringify({ action: 'pong', data: socket.sent.at(-1)?.data }));
    }
    expect(socket.terminated).toBe(false);
    expect(socket.sent.filter((frame) => frame.action === 'ping')).toHaveLength(10);
  });

  it('closes a socket that does not authenticate within 30 s, or 30 s after deauth', async () => {
    const silent = new FakeHubSocket();
    const connection = hub.connect(silent, undefined);
    now += 10_000;
    await connection.receive(JSON.stringify({ action: 'ping', data: 1 }));
    now += 20_000;
    hub.sweep();
    expect(silent.closedWith).toEqual({ code: 4003, reason: 'Unauthorized.' });

    const { socket, connection: signedIn } = await authenticated();
    now += 40_000;
    await signedIn.receive(JSON.stringify({ action: 'deauth' }));
    hub.sweep();
    expect(socket.closedWith).toBeUndefined();
    now += 30_000;
    hub.sweep();
    expect(socket.closedWith?.code).toBe(4003);
  });

  it('sends reauth to sockets whose session ended', async () => {
    const { socket } = await authenticated();
    await hub.checkSessions();
    expect(socket.sent).toEqual([]);
    aliveHashes = [];
    await hub.checkSessions();
    expect(socket.sent).toEqual([{ action: 'reauth' }]);
    expect(hub.stats().authenticated).toBe(0);
  });

  it('handles the frames of one socket in order (auth completes before the next frame)', async () => {
    const socket = new FakeHubSocket();
    const connection = hub.connect(socket, 'cookie-1');
    hub.setMaintenanceSchedule({ mode: 'soon' });
    const auth = connection.receive(JSON.stringify({ action: 'auth', data: { sessionId: 'hash-1', userId: 42 } }));
    const ping = connection.receive(JSON.stringify({ action: 'ping', data: 'after auth' }));
    await Promise.all([auth, ping]);
    expect(socket.sent).toEqual([
      { action: 'maintenance', data: true },
      { action: 'pong', data: 'after auth' },
    ]);
  });
});
