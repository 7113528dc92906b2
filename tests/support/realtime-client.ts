import { WebSocket } from 'ws';
import { REALTIME_SUBPROTOCOL, parseRealtimeFrame, type RealtimeFrame } from '../../contract/realtime';
import type { SessionUser } from '../../contract';
import type { ApiClient } from './api-client';

export interface CloseInfo {
  code: number;
  reason: string;
}

/** A test's live connection: records every frame, waits for the ones a test expects. */
export class TestSocket {
  readonly frames: RealtimeFrame[] = [];
  readonly closed: Promise<CloseInfo>;
  private waiters: { test: (frame: RealtimeFrame) => boolean; resolve: (frame: RealtimeFrame) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = parseRealtimeFrame(data.toString());
      if (!frame) return;
      this.frames.push(frame);
      this.waiters = this.waiters.filter((waiter) => {
        if (!waiter.test(frame)) return true;
        waiter.resolve(frame);
        return false;
      });
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  }

  /** Opens a socket; `protocols` undefined names no subprotocol. Resolves once open. */
  static open(baseUrl: string, options: { protocols?: string[]; cookie?: string; path?: string } = { protocols: [REALTIME_SUBPROTOCOL] }): Promise<TestSocket> {
    const url = baseUrl.replace(/^http/, 'ws') + (options.path ?? '/');
    const ws = new WebSocket(url, options.protocols ?? [], { headers: options.cookie ? { cookie: options.cookie } : {} });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  /** A socket of a signed-in API client, authenticated as its session user. */
  static async signedIn(baseUrl: string, api: ApiClient, user: Pick<SessionUser, 'SessionId' | 'UserAccountId'>): Promise<TestSocket> {
    const socket = await TestSocket.open(baseUrl, { protocols: [REALTIME_SUBPROTOCOL], cookie: api.cookieHeader() });
    socket.send('auth', { sessionId: user.SessionId, userId: user.UserAccountId });
    // A ping round trip tells the test the auth frame was handled (frames are handled in order per socket).
    await socket.roundTrip();
    return socket;
  }

  send(action: string, data?: unknown): void {
    this.ws.send(JSON.stringify({ action, data }));
  }

  /** The next frame with this action (already received ones count when `since` is given). */
  next(action: string, timeoutMs = 15_000, test: (frame: RealtimeFrame) => boolean = () => true): Promise<RealtimeFrame> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${action} frame within ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        test: (frame) => frame.action === action && test(frame),
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  }

  /** Sends a ping with a unique token and waits for its pong. */
  async roundTrip(): Promise<void> {
    const token = Math.random().toString(36).slice(2);
    const pong = this.next('pong', 5000, (frame) => frame.data === token);
    this.send('ping', token);
    await pong;
  }

  /** Frames received so far with this action. */
  received(action: string): RealtimeFrame[] {
    return this.frames.filter((frame) => frame.action === action);
  }

  close(): void {
    this.ws.close();
  }
}
