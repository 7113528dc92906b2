/**
 * What happens to a conversation: it starts (the help bot welcomes the user), the user writes (the bot
 * answers unless a person does), a person writes. Every change is committed first and then announced
 * through the realtime fan-out, so the Direct Line streams of every instance send it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ChatActivity, ChatChannelAccount } from '../../../contract/chat';
import type { LoadedUser } from '../../auth/session-user';
import type { Db, Queryable } from '../../db/db';
import type { Realtime } from '../../realtime';
import { supportedServerLocales } from '../../texts';
import { runHelpBot } from './bot-turn';
import { addActivities, appendActivities, lockConversation, type ConversationRow } from './conversations';

export interface ChatDeps {
  db: Db;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

/** The user as the other side sees it in activities. */
export const userAccount = (user: LoadedUser): ChatChannelAccount => ({ id: `user:${user.user.UserAccountId}`, name: displayName(user), role: 'user' });

/** A person of the support answering, shown on the bot's side of the conversation. */
export const agentAccount = (agent: LoadedUser): ChatChannelAccount => ({ id: `agent:${agent.user.UserAccountId}`, name: displayName(agent), role: 'bot' });

export const displayName = (user: LoadedUser) => String(user.user.UserAccount.Views.Values.DisplayName ?? user.user.Username);

/** Tells every instance (after the commit) that the conversation has news; `queue`: support consoles too. */
export async function announce(deps: ChatDeps, conversationId: string, queue = false): Promise<void> {
  const owner = await deps.db.one<{ path: string }>('SELECT a.path FROM chat_conversations c JOIN accounts a ON a.id = c.user_id WHERE c.id = $1', [conversationId]);
  if (!owner) return;
  await deps.realtime.chatChanged({ conversationId, userPath: owner.path, queue }).catch((error: unknown) => deps.log.warn({ err: error }, 'chat: could not announce a change'));
}

const helpUser = (user: LoadedUser) => ({ id: user.user.UserAccountId, name: displayName(user), language: user.user.Language, capabilities: user.user.Capability });

/** A conversation just created: the help bot's welcome. */
export async function welcome(deps: ChatDeps, conversation: ConversationRow, user: LoadedUser, locale: string | undefined): Promise<void> {
  const { replies } = await runHelpBot(
    { activity: { type: 'message', from: userAccount(user), locale }, conversationId: conversation.id, state: conversation.state, user: helpUser(user) },
    true,
  );
  await addActivities(deps.db, conversation.id, replies);
  await announce(deps, conversation.id);
}

/** An audit row of the chat, written in the transaction of the change. */
export async function auditChat(tx: Queryable, entry: { actorId: number; impersonatorId?: number | null; accountId: number; action: string; details: Record<string, unknown>; ip?: string }): Promise<void> {
  await tx.query('INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip) VALUES ($1, $2, $3, $4, $5, $6)', [
    entry.accountId,
    entry.actorId,
    entry.impersonatorId ?? null,
    entry.action,
    JSON.stringify(entry.details),
    entry.ip ?? null,
  ]);
}

/**
 * The user's message: stored, then answered by the help bot while no person answers. Asking for a person
 * puts the conversation in the support queue (audited). Answers the stored message.
 */
export async function postUserMessage(deps: ChatDeps, conversation: ConversationRow, user: LoadedUser, message: { text: string; locale: string | undefined; clientActivityId?: string }, ip: string): Promise<ChatActivity> {
  const [stored] = await addActivities(deps.db, conversation.id, [
    {
      type: 'message',
      from: userAccount(user),
      text: message.text,
      textFormat: 'plain',
      ...(message.locale ? { locale: message.locale } : {}),
      ...(message.clientActivityId ? { channelData: { clientActivityID: message.clientActivityId } } : {}),
    },
  ]);
  if (!stored) throw new Error('chat conversation gone');
  // The bot runs outside any transaction: its first turn loads botbuilder.
  const turn = await runHelpBot({ activity: stored, conversationId: conversation.id, state: conversation.state, user: helpUser(user) });
  const queued = await deps.db.transaction(async (tx) => {
    const now = await lockConversation(tx, conversation.id);
    if (!now) return false;
    const handover = turn.handover && now.state === 'bot';
    // What the user writes in last is what the handover's messages are written in.
    const language = message.locale?.toLowerCase().split('-')[0];
    if (language && language !== now.language && supportedServerLocales.includes(language)) await tx.query('UPDATE chat_conversations SET language = $2 WHERE id = $1', [conversation.id, language]);
    if (handover) {
      await tx.query(`UPDATE chat_conversations SET state = 'waiting', waiting_since = now() WHERE id = $1`, [conversation.id]);
      await auditChat(tx, { actorId: user.user.UserAccountId, accountId: user.user.UserAccountId, action: 'ChatHandoverRequested', details: { conversationId: conversation.id }, ip });
    }
    // The state moved on meanwhile (a person took the conversation): the bot's answer is no longer wanted.
    if (now.state === conversation.state) await appendActivities(tx, conversation.id, turn.replies);
    return handover;
  });
  // Waiting users' messages show in the support console's list too.
  await announce(deps, conversation.id, queued || conversation.state === 'waiting');
  return stored;
}

/** A support person's message in a conversation it answers. */
export async function postAgentMessage(deps: ChatDeps, conversationId: string, agent: LoadedUser, text: string): Promise<ChatActivity> {
  const [stored] = await addActivities(deps.db, conversationId, [{ type: 'message', from: agentAccount(agent), text, textFormat: 'plain' }]);
  if (!stored) throw new Error('chat conversation gone');
  await announce(deps, conversationId);
  return stored;
}
