/**
 * Who calls the Direct Line routes: the bearer token names its user and its one conversation (signed,
 * chat-tokens.ts); the user is loaded again on every call, so rights taken away count at once. The
 * chat's user needs chat bot Read; a support person must still answer the conversation.
 */
import type { FastifyRequest } from 'fastify';
import { hasCapability, loadUser, type LoadedUser } from '../../auth/session-user';
import type { Db } from '../../db/db';
import { fault } from '../../fault';
import { chatTokenKey, verifyChatToken, type ChatTokenClaims } from './chat-tokens';
import type { ConversationRow } from './conversations';

export interface ChatCaller {
  claims: ChatTokenClaims;
  user: LoadedUser;
}

export const bearerOf = (request: FastifyRequest): string | undefined => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/** Checks a token's signature and age; `kinds`: the kinds this call takes. */
export async function checkToken(db: Db, token: string | undefined, nowMs: number, kinds: readonly ChatTokenClaims['kind'][]): Promise<ChatTokenClaims> {
  if (!token) throw fault(401, 'chat.tokenMissing');
  const check = verifyChatToken(await chatTokenKey(db), token, Math.floor(nowMs / 1000));
  if (!check.ok && check.reason === 'expired') throw fault(403, 'chat.tokenExpired', { time: new Date(check.expiredAt * 1000).toISOString() });
  if (!check.ok || !kinds.includes(check.claims.kind)) throw fault(403, 'chat.tokenInvalid');
  return check.claims;
}

const mayChat = (user: LoadedUser) => hasCapability(user.user.Capability, 'LOGIN', 'Execute') && hasCapability(user.user.Capability, 'CHAT_BOT', 'Read');
const mayAnswer = (user: LoadedUser) => hasCapability(user.user.Capability, 'LOGIN', 'Execute') && hasCapability(user.user.Capability, 'SUPPORT_CONSOLE', 'Execute');

/** The caller of a Direct Line call (user or agent token), refused unless it may still chat. */
export async function chatCaller(db: Db, request: FastifyRequest, nowMs: number, conversationId?: string): Promise<ChatCaller> {
  const claims = await checkToken(db, bearerOf(request), nowMs, ['user', 'agent']);
  if (conversationId !== undefined && claims.conversationId !== conversationId) throw fault(403, 'chat.wrongConversation', { conversationId });
  const user = await loadUser(db, claims.userId);
  if (!user) throw fault(403, 'chat.tokenInvalid');
  if (claims.kind === 'user' && !mayChat(user)) throw fault(403, 'chat.noChatRight');
  if (claims.kind === 'agent' && !mayAnswer(user)) throw fault(403, 'chat.notAnswering');
  return { claims, user };
}

/** The conversation is the caller's: its own, or one it answers now. */
export function assertParticipant(caller: ChatCaller, conversation: ConversationRow | undefined): asserts conversation is ConversationRow {
  if (!conversation) throw fault(404, 'chat.conversationGone');
  if (caller.claims.kind === 'user' && conversation.user_id !== caller.claims.userId) throw fault(403, 'chat.wrongConversation', { conversationId: conversation.id });
  if (caller.claims.kind === 'agent' && (conversation.state !== 'live' || conversation.agent_id !== caller.claims.userId)) throw fault(403, 'chat.notAnswering');
}
