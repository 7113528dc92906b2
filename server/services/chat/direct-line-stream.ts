/**
 * Direct Line's WebSocket stream (issue 38): `streamUrl` of a conversation opens it with a stream token
 * (five minutes, for this conversation and this user). It sends `{ activities, watermark }` messages:
 * first what came after the `watermark` asked for, then every new activity, whichever instance stored it
 * (the realtime fan-out's `chat` events; the activities themselves are read from the database). A support
 * person's stream closes once that person no longer answers the conversation.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, type WebSocket } from 'ws';
import { DIRECT_LINE_PATH, type ChatActivitySet } from '../../../contract/chat';
import { refuseUpgrade } from '../../realtime';
import type { ServerDeps } from '../context';
import { checkToken } from './direct-line-auth';
import { activitiesAfter, findConversation, parseWatermark } from './conversations';

export const STREAM_PATH_PREFIX = `${DIRECT_LINE_PATH}/conversations/`;
const STREAM_PATH = /^\/v3\/directline\/conversations\/([A-Za-z0-9_-]{1,64})\/stream$/;
/** WebSocket pings keep proxies from closing a quiet stream; browsers answer them by themselves. */
const PING_MS = 30_000;

interface Stream {
  socket: WebSocket;
  conversationId: string;
  userId: number;
  watermark: number;
  /** Sends happen one after the other, in order. */
  queue: Promise<void>;
}

export function attachDirectLineStreams(app: FastifyInstance, deps: ServerDeps, now: () => number = Date.now): void {
  const log = app.log.child({ module: 'chat-stream' });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const streams = new Set<Stream>();

  /** Sends what the stream has not seen; false when the stream must end (conversation gone, person no longer answering). */
  async function catchUp(stream: Stream): Promise<boolean> {
    const conversation = await findConversation(deps.db, stream.conversationId);
    const isUser = conversation?.user_id === stream.userId;
    if (!conversation) return false;
    for (;;) {
      const set: ChatActivitySet = await activitiesAfter(deps.db, stream.conversationId, stream.watermark);
      if (set.activities.length === 0) break;
      stream.watermark = Number(set.watermark);
      stream.socket.send(JSON.stringify(set));
    }
    return isUser || (conversation.state === 'live' && conversation.agent_id === stream.userId);
  }

  function schedule(stream: Stream): void {
    stream.queue = stream.queue
      .then(async () => {
        if (stream.socket.readyState !== stream.socket.OPEN) return;
        if (!(await catchUp(stream))) stream.socket.close(1000, 'Conversation ended.');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'chat stream: sending failed'));
  }

  const unsubscribe = app.realtime.onChatChanged((change) => {
    for (const stream of streams) if (stream.conversationId === change.conversationId) schedule(stream);
  });

  async function accept(request: IncomingMessage, socket: Duplex, head: Buffer, conversationId: string): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stream');
    let userId: number;
    try {
      const claims = await checkToken(deps.db, url.searchParams.get('t') ?? undefined, now(), ['stream']);
      const conversation = await findConversation(deps.db, conversationId);
      const participant = conversation && (conversation.user_id === claims.userId || (conversation.state === 'live' && conversation.agent_id === claims.userId));
      if (claims.conversationId !== conversationId || !participant) return refuseUpgrade(socket, 403);
      userId = claims.userId;
    } catch {
      return refuseUpgrade(socket, 403);
    }
    wss.handleUpgrade(request, socket, head, (ws) => {
      const stream: Stream = { socket: ws, conversationId, userId, watermark: parseWatermark(url.searchParams.get('watermark') ?? undefined), queue: Promise.resolve() };
      streams.add(stream);
      const ping = setInterval(() => ws.ping(), PING_MS);
      ping.unref();
      // The stream is the server's to speak; what a client sends on it is not read.
      ws.on('error', (error) => log.debug({ err: error }, 'chat stream: socket error'));
      ws.on('close', () => {
        clearInterval(ping);
        streams.delete(stream);
      });
      schedule(stream);
    });
  }

  app.realtime.addUpgradeRoute({
    matches: (path) => STREAM_PATH.test(path),
    upgrade: (request, socket, head) => {
      const conversationId = STREAM_PATH.exec((request.url ?? '').split('?')[0])![1];
      accept(request, socket, head, conversationId).catch((error: unknown) => {
        log.warn({ err: error }, 'chat stream: upgrade failed');
        refuseUpgrade(socket, 403);
      });
    },
  });

  app.addHook('preClose', async () => {
    unsubscribe();
    // 1012: a restart; the client reconnects (to another instance behind the proxy).
    for (const stream of streams) stream.socket.close(1012, 'Service restart: reconnect.');
    await new Promise((resolve) => setTimeout(resolve, streams.size ? 100 : 0));
    for (const stream of streams) stream.socket.terminate();
    wss.close();
  });
}
