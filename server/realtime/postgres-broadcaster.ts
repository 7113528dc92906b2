import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db';
import { parseRealtimeEvent, splitForPayload, type Broadcaster, type EventListener, type RealtimeEvent } from './broadcaster';

export const REALTIME_CHANNEL = 'portal_realtime';
/** NOTIFY payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7000;
const RECONNECT_MAX_MS = 30_000;

/**
 * Fan-out through PostgreSQL: every instance LISTENs on one channel with a
 * dedicated connection (a pooled one would lose the LISTEN) and publishes with
 * pg_notify through its pool. An instance hears its own notifications too, so
 * delivery is the same path everywhere. A lost listening connection is
 * re-opened with back-off; `onResubscribed` lets the hub re-read state it may
 * have missed meanwhile.
 */
export class PostgresBroadcaster implements Broadcaster {
  readonly kind = 'postgres';
  private readonly listeners = new Set<EventListener>();
  private client: pg.Client | undefined;
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private retryMs = 500;

  constructor(
    private readonly databaseUrl: string,
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
    private readonly onResubscribed: () => void = () => undefined,
  ) {}

  /** Resolves once listening; the first connection must work (a wrong URL fails start-up). */
  async start(): Promise<void> {
    await this.listen();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel !== REALTIME_CHANNEL || !message.payload) return;
      const event = parseRealtimeEvent(message.payload);
      if (!event) {
        this.log.warn({ payload: message.payload.slice(0, 200) }, 'realtime: ignored a malformed notification');
        return;
      }
      this.listeners.forEach((listener) => listener(event));
    });
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      client.removeAllListeners('end');
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err: error }, 'realtime: lost the LISTEN connection; reconnecting');
      this.scheduleRetry();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query(`LISTEN ${REALTIME_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 500;
  }

  private scheduleRetry(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.listen().then(
        () => this.onResubscribed(),
        (error: unknown) => {
          this.log.warn({ err: error }, 'realtime: LISTEN reconnect failed');
          this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
          if (!this.closed) this.scheduleRetry();
        },
      );
    }, this.retryMs);
    this.retryTimer.unref();
  }

  async publish(event: RealtimeEvent): Promise<void> {
    for (const part of splitForPayload(event, MAX_PAYLOAD_BYTES)) {
      await this.db.query('SELECT pg_notify($1, $2)', [REALTIME_CHANNEL, JSON.stringify(part)]);
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  connected(): boolean {
    return this.client !== undefined;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.listeners.clear();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
