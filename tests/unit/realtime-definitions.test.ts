/**
 * Issue 22: a published, rolled back or retired definition reaches the open
 * browsers — the hub tells every authenticated socket (`definitions`), and the
 * client's live connection hands it on, so grids refetch their definition.
 */
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import type { SessionStore, StoredSession } from '../../server/auth/session-store';
import type { Queryable } from '../../server/db/db';
import { RealtimeHub, type HubSocket } from '../../server/realtime/hub';
import { LiveConnection, type SocketLike } from '../../src/realtime/live-connection';
import { FakeClock } from './realtime-fake-clock';

class FakeHubSocket implements HubSocket {
  readonly sent: { action: string }[] = [];
  send(text: string): void {
    this.sent.push(JSON.parse(text) as { action: string });
  }
  close(): void {}
  terminate(): void {}
}

const session: StoredSession = { idHash: 'hash-1', userId: 42, impersonatorId: null, mfaVerifiedAt: null };
const sessions = { find: async (id: string | undefined) => (id === 'cookie-1' ? session : undefined) } as unknown as SessionStore;
const log = { info: vi.fn(), debug: vi.fn(), warn: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
const db: Queryable = { query: async <T,>() => [] as T[], one: async <T,>() => ({ path: '1/2/42' }) as T, exec: async () => undefined };

describe('definitions event', () => {
  it('the hub tells authenticated sockets only', async () => {
    const hub = new RealtimeHub({
      db,
      sessions,
      log,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12,
      timings: { pingAfterMs: 60_000, dropAfterMs: 150_000, authTimeoutMs: 30_000 },
      now: () => 1_000_000,
    });
    const signedIn = new FakeHubSocket();
    await hub.connect(signedIn, 'cookie-1').receive(JSON.stringify({ action: 'auth', data: { sessionId: 'hash-1', userId: 42 } }));
    const anonymous = new FakeHubSocket();
    hub.connect(anonymous, undefined);
    hub.deliver({ kind: 'definitions' });
    expect(signedIn.sent.map((frame) => frame.action)).toContain('definitions');
    expect(anonymous.sent.map((frame) => frame.action)).not.toContain('definitions');
  });

  it('the live connection hands it to the screens', () => {
    let socket: SocketLike | undefined;
    const definitionsChanged = vi.fn();
    const connection = new LiveConnection({
      url: 'ws://test',
      credentials: { sessionId: 's', userId: 1 },
      clock: new FakeClock(),
      createSocket: () => {
        const created: SocketLike = { send: () => undefined, close: () => undefined, onopen: null, onmessage: null, onclose: null };
        socket = created;
        return created;
      },
      events: { maintenance: vi.fn(), message: vi.fn(), updateCapabilities: vi.fn(), reauth: vi.fn(), definitionsChanged },
    });
    connection.start();
    socket!.onopen?.({});
    socket!.onmessage?.({ data: JSON.stringify({ action: 'definitions' }) });
    expect(definitionsChanged).toHaveBeenCalledTimes(1);
    connection.stop();
  });
});
