/**
 * The built-in Direct Line 3.0 service (issue 38): the subset Microsoft's clients (botframework-directlinejs,
 * Web Chat) and src/chat/direct-line-client.ts use. Tokens come from ChatBot/GetToken (JoinChatConversation for
 * support people); POST /tokens/refresh renews one. Errors are Direct Line's JSON `{ error: { code, message } }`
 * with a sentence in the caller's language. Streams: direct-line-stream.ts.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DIRECT_LINE_PATH, MAX_CHAT_MESSAGE_BYTES, type DirectLineConversation, type DirectLineError } from '../../../contract/chat';
import { fault, ServiceFault } from '../../fault';
import type { RateLimits } from '../../http/rate-limits';
import { localeFromAcceptLanguage, translator } from '../../texts';
import type { ServerDeps } from '../context';
import { readUserMessage } from './activity-input';
import { chatCaller, assertParticipant, type ChatCaller } from './direct-line-auth';
import { chatTokenKey, issueChatToken } from './chat-tokens';
import { activitiesAfter, findConversation, openConversation, parseWatermark } from './conversations';
import { postAgentMessage, postUserMessage, welcome, type ChatDeps } from './chat-messages';
import { STREAM_PATH_PREFIX } from './direct-line-stream';

/** A message's JSON may carry more than its text, but not much more. */
const BODY_LIMIT = 4 * MAX_CHAT_MESSAGE_BYTES;

const CODES: Record<number, string> = { 400: 'BadArgument', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 413: 'MessageSizeTooBig', 415: 'BadArgument', 429: 'TooManyRequests', 503: 'ServiceUnavailable' };

function sendError(request: FastifyRequest, reply: FastifyReply, error: FastifyError | ServiceFault) {
  const t = translator(localeFromAcceptLanguage(request.headers['accept-language']));
  let status: number;
  let message: string;
  let code: string | undefined;
  if (error instanceof ServiceFault) {
    status = error.status;
    message = error.text ?? t(error.textKey!, error.values);
    code = error.textKey === 'chat.tokenExpired' ? 'TokenExpired' : undefined;
    reply.headers(error.headers);
  } else if (error.statusCode === 413) {
    status = 413;
    message = t('chat.bodyTooLarge');
  } else if (error.statusCode && error.statusCode < 500) {
    status = 400;
    message = t('chat.notAnActivity');
  } else {
    request.log.error({ err: error }, 'direct line: unhandled error');
    status = 500;
    message = t('unknownError');
  }
  const body: DirectLineError = { error: { code: code ?? CODES[status] ?? 'ServiceError', message } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

const conversationIdOf = (request: FastifyRequest) => (request.params as { conversationId: string }).conversationId;

export async function registerDirectLineRoutes(app: FastifyInstance, deps: ServerDeps, limits: RateLimits, now: () => number = Date.now): Promise<void> {
  const chat: ChatDeps = { db: deps.db, realtime: app.realtime, log: app.log.child({ module: 'chat' }) };
  const nowSeconds = () => Math.floor(now() / 1000);

  /** The answer naming a conversation: its token (renewed only by /tokens/refresh) and a fresh stream address. */
  async function conversationAnswer(request: FastifyRequest, caller: ChatCaller, token: string): Promise<DirectLineConversation> {
    const id = caller.claims.conversationId;
    const stream = issueChatToken(await chatTokenKey(deps.db), 'stream', caller.claims.userId, id, nowSeconds());
    const scheme = request.protocol === 'https' ? 'wss' : 'ws';
    return {
      conversationId: id,
      token,
      expires_in: Math.max(0, caller.claims.expiresAt - nowSeconds()),
      streamUrl: `${scheme}://${request.host}${STREAM_PATH_PREFIX}${encodeURIComponent(id)}/stream?t=${encodeURIComponent(stream.token)}`,
    };
  }

  await app.register(
    async (scope) => {
      scope.setErrorHandler((error: FastifyError, request, reply) => sendError(request, reply, error));
      // Clients post /conversations with a JSON content type and no body.
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
        if (!body) return done(null, undefined);
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(Object.assign(new Error('not JSON'), { statusCode: 400 }), undefined);
        }
      });
      scope.addHook('onRequest', async (request, reply) => limits.byAddress(request, reply));

      scope.post('/tokens/refresh', async (request) => {
        const caller = await chatCaller(deps.db, request, now());
        const fresh = issueChatToken(await chatTokenKey(deps.db), caller.claims.kind, caller.claims.userId, caller.claims.conversationId, nowSeconds());
        return { conversationId: caller.claims.conversationId, token: fresh.token, expires_in: fresh.expiresIn } satisfies DirectLineConversation;
      });

      // Starts the token's conversation, or resumes it (a token reused within its hour).
      scope.post('/conversations', async (request, reply) => {
        const caller = await chatCaller(deps.db, request, now());
        const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')![1];
        if (caller.claims.kind === 'agent') {
          const conversation = await findConversation(deps.db, caller.claims.conversationId);
          assertParticipant(caller, conversation);
          return conversationAnswer(request, caller, token);
        }
        // The language the client asks in (its user's choice on this browser), else the user's.
        const language = request.headers['accept-language'] ? localeFromAcceptLanguage(request.headers['accept-language']) : caller.user.user.Language;
        const { row, created } = await openConversation(deps.db, caller.claims.conversationId, caller.user.user.UserAccountId, language);
        assertParticipant(caller, row);
        if (created) await welcome(chat, row, caller.user, language);
        return reply.status(created ? 201 : 200).send(await conversationAnswer(request, caller, token));
      });

      scope.get('/conversations/:conversationId', async (request) => {
        const caller = await chatCaller(deps.db, request, now(), conversationIdOf(request));
        assertParticipant(caller, await findConversation(deps.db, caller.claims.conversationId));
        return conversationAnswer(request, caller, /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')![1]);
      });

      scope.get('/conversations/:conversationId/activities', async (request) => {
        const caller = await chatCaller(deps.db, request, now(), conversationIdOf(request));
        assertParticipant(caller, await findConversation(deps.db, caller.claims.conversationId));
        return activitiesAfter(deps.db, caller.claims.conversationId, parseWatermark((request.query as { watermark?: unknown }).watermark));
      });

      scope.post('/conversations/:conversationId/activities', async (request) => {
        const caller = await chatCaller(deps.db, request, now(), conversationIdOf(request));
        const conversation = await findConversation(deps.db, caller.claims.conversationId);
        assertParticipant(caller, conversation);
        const message = readUserMessage(request.body);
        if (!message.ok) throw fault(message.status, message.key, message.values);
        const stored =
          caller.claims.kind === 'agent'
            ? await postAgentMessage(chat, conversation.id, caller.user, message.text)
            : await postUserMessage(chat, conversation, caller.user, message, request.ip);
        return { id: stored.id };
      });
    },
    { prefix: DIRECT_LINE_PATH },
  );
}
