/**
 * A small Direct Line 3.0 client (issue 38) over fetch and WebSocket: what botframework-directlinejs
 * does for Web Chat, without its dependencies. It starts (or resumes) the token's conversation, reads the
 * stream from the last watermark it saw, reconnects after a lost stream (1 s doubling to 30 s, asking for a
 * fresh stream address), renews the token every 15 minutes and posts the user's messages. Browser parts are
 * injected, so tests drive it with fakes.
 */
import type { ChatActivity, ChatActivitySet, DirectLineConversation, DirectLineError } from '../../contract/chat';

export type DirectLineStatus = 'connecting' | 'online' | 'reconnecting' | 'failed';

/** The part of a WebSocket the client uses. */
export interface StreamSocket {
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
}

export interface DirectLineOptions {
  /** The service's base address, e.g. https://portal.example/v3/directline. */
  domain: string;
  token: string;
  onActivity(activity: ChatActivity): void;
  onStatus(status: DirectLineStatus): void;
  /** A renewed token, to keep for the next opening. */
  onToken?(token: string): void;
  /** The user's language: the service answers (and refuses) in it. */
  locale?: string;
  fetch?: typeof fetch;
  openSocket?: (url: string) => StreamSocket;
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
}

/** A refused call, with the service's sentence. */
export class DirectLineFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const RECONNECT_FIRST_MS = 1000;
const RECONNECT_MAX_MS = 30_000;
const REFRESH_MS = 15 * 60 * 1000;

const browserSocket = (url: string): StreamSocket => {
  const ws = new WebSocket(url);
  const socket: StreamSocket = { close: () => ws.close(), onmessage: null, onclose: null };
  ws.onmessage = (event: MessageEvent) => socket.onmessage?.({ data: event.data });
  ws.onclose = () => socket.onclose?.();
  return socket;
};

export class DirectLineClient {
  private token: string;
  private conversationId: string | undefined;
  private watermark: string | undefined;
  private socket: StreamSocket | undefined;
  private stopped = false;
  private retryMs = RECONNECT_FIRST_MS;
  private retryTimer: unknown;
  private refreshTimer: unknown;
  private readonly seen = new Set<string>();
  private readonly fetch: typeof fetch;
  private readonly openSocket: (url: string) => StreamSocket;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: DirectLineOptions) {
    this.token = options.token;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.openSocket = options.openSocket ?? browserSocket;
    this.setTimer = options.setTimeout ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const response = await this.fetch(`${this.options.domain}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(this.options.locale ? { 'accept-language': this.options.locale } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) throw new DirectLineFailure(response.status, (parsed as Partial<DirectLineError> | undefined)?.error?.message ?? response.statusText);
    return parsed as T;
  }

  /** Starts or resumes the conversation and opens its stream. */
  async start(): Promise<string> {
    this.options.onStatus('connecting');
    try {
      const conversation = await this.call<DirectLineConversation>('POST', '/conversations');
      this.conversationId = conversation.conversationId;
      this.listen(conversation.streamUrl);
      this.scheduleRefresh();
      return conversation.conversationId;
    } catch (error) {
      this.options.onStatus('failed');
      throw error;
    }
  }

  /** Posts the user's message; the stream brings it back with the answers. */
  async send(text: string, locale: string): Promise<string> {
    if (!this.conversationId) throw new DirectLineFailure(0, 'not started');
    const answer = await this.call<{ id: string }>('POST', `/conversations/${encodeURIComponent(this.conversationId)}/activities`, { type: 'message', from: { id: 'user', role: 'user' }, text, textFormat: 'plain', locale });
    return answer.id;
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer(this.retryTimer);
    this.clearTimer(this.refreshTimer);
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
  }

  private listen(streamUrl: string | undefined): void {
    if (this.stopped || !streamUrl) return;
    const url = this.watermark ? `${streamUrl}${streamUrl.includes('?') ? '&' : '?'}watermark=${encodeURIComponent(this.watermark)}` : streamUrl;
    const socket = this.openSocket(url);
    this.socket = socket;
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string' || !event.data) return;
      let set: ChatActivitySet;
      try {
        set = JSON.parse(event.data) as ChatActivitySet;
      } catch {
        return;
      }
      this.retryMs = RECONNECT_FIRST_MS;
      this.options.onStatus('online');
      if (set.watermark) this.watermark = set.watermark;
      for (const activity of set.activities ?? []) {
        // A reconnect may repeat what came before its watermark.
        if (activity.id && this.seen.has(activity.id)) continue;
        if (activity.id) this.seen.add(activity.id);
        this.options.onActivity(activity);
      }
    };
    socket.onclose = () => {
      if (this.socket !== socket || this.stopped) return;
      this.socket = undefined;
      this.options.onStatus('reconnecting');
      this.retryTimer = this.setTimer(() => void this.reconnect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    };
  }

  /** Asks for a fresh stream address (the old one's stream token may be stale) and listens again. */
  private async reconnect(): Promise<void> {
    if (this.stopped || !this.conversationId) return;
    try {
      const query = this.watermark ? `?watermark=${encodeURIComponent(this.watermark)}` : '';
      const conversation = await this.call<DirectLineConversation>('GET', `/conversations/${encodeURIComponent(this.conversationId)}${query}`);
      this.listen(conversation.streamUrl);
    } catch (error) {
      // A refusal (expired, ended, right taken away) will not heal by retrying.
      if (error instanceof DirectLineFailure && error.status >= 400 && error.status < 500) {
        this.options.onStatus('failed');
        return;
      }
      this.options.onStatus('reconnecting');
      this.retryTimer = this.setTimer(() => void this.reconnect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    }
  }

  private scheduleRefresh(): void {
    this.refreshTimer = this.setTimer(() => {
      void this.call<DirectLineConversation>('POST', '/tokens/refresh').then(
        (renewed) => {
          this.token = renewed.token;
          this.options.onToken?.(renewed.token);
          this.scheduleRefresh();
        },
        () => this.scheduleRefresh(),
      );
    }, REFRESH_MS);
  }
}
