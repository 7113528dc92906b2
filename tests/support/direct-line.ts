/**
 * A test's Direct Line client (issue 38): the calls of the built-in service with a bearer token, and
 * a stream that records every activity and waits for the ones a test expects.
 */
import { WebSocket } from 'ws';
import { DIRECT_LINE_PATH, type ChatActivity, type ChatActivitySet, type DirectLineConversation, type DirectLineError } from '../../contract/chat';

export interface DirectLineAnswer<T> {
  status: number;
  body: T;
  contentType: string;
}

export async function directLine<T = unknown>(baseUrl: string, method: 'GET' | 'POST', path: string, token: string | undefined, body?: unknown, headers: Record<string, string> = {}): Promise<DirectLineAnswer<T>> {
  const response = await fetch(`${baseUrl}${DIRECT_LINE_PATH}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}), 'accept-language': 'en', ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, contentType: response.headers.get('content-type') ?? '' };
}

export const startConversation = (baseUrl: string, token: string) => directLine<DirectLineConversation>(baseUrl, 'POST', '/conversations', token);
export const activities = (baseUrl: string, token: string, conversationId: string, watermark?: string) =>
  directLine<ChatActivitySet>(baseUrl, 'GET', `/conversations/${conversationId}/activities${watermark ? `?watermark=${watermark}` : ''}`, token);
export const say = (baseUrl: string, token: string, conversationId: string, text: string, extra: Record<string, unknown> = {}) =>
  directLine<{ id: string } & Partial<DirectLineError>>(baseUrl, 'POST', `/conversations/${conversationId}/activities`, token, { type: 'message', from: { id: 'me' }, text, locale: 'en', ...extra });

/** A conversation's WebSocket stream. */
export class DirectLineStream {
  readonly activities: ChatActivity[] = [];
  readonly closed: Promise<number>;
  private waiters: { test: (activity: ChatActivity) => boolean; resolve: (activity: ChatActivity) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const text = data.toString();
      if (!text) return;
      for (const activity of (JSON.parse(text) as ChatActivitySet).activities) {
        this.activities.push(activity);
        this.waiters = this.waiters.filter((waiter) => (waiter.test(activity) ? (waiter.resolve(activity), false) : true));
      }
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static open(streamUrl: string): Promise<DirectLineStream> {
    const ws = new WebSocket(streamUrl);
    const stream = new DirectLineStream(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(stream));
      ws.once('unexpected-response', (_request, response) => reject(new Error(`stream refused: ${response.statusCode}`)));
      ws.once('error', reject);
    });
  }

  /** The first activity (received so far or later) that passes `test`. */
  next(test: (activity: ChatActivity) => boolean, timeoutMs = 15_000): Promise<ChatActivity> {
    const seen = this.activities.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no such activity within ${timeoutMs} ms; got ${JSON.stringify(this.activities.map((a) => a.text ?? a.name))}`)), timeoutMs);
      this.waiters.push({ test, resolve: (activity) => (clearTimeout(timer), resolve(activity)) });
    });
  }

  close(): void {
    this.ws.close();
  }
}
