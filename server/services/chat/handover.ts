/**
 * Handing a conversation over to a person and back (issue 38). A support person within reach of the
 * conversation's user takes a waiting conversation (live), answers it, and ends it (the help bot
 * answers again). Both steps are audited in their transaction and told to the user as bot messages in
 * the user's language, with a state event the client shows.
 */
import { CHAT_STATE_EVENT } from '../../../contract/chat';
import type { Caller } from '../../auth/caller';
import { isWithin } from '../../auth/access';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { translator } from '../../texts';
import { botAccount } from './help-bot-account';
import { appendActivities, lockConversation, type ConversationRow } from './conversations';
import { auditChat, displayName } from './chat-messages';

interface Owned {
  row: ConversationRow;
  userPath: string;
  userName: string;
}

/** The conversation, locked, if its user is within the caller's reach (else 404, as for an unknown one). */
async function lockWithinReach(tx: Queryable, caller: Caller, conversationId: string): Promise<Owned> {
  const row = await lockConversation(tx, conversationId);
  const owner = row ? await tx.one<{ path: string; display_name: string }>('SELECT path, display_name FROM accounts WHERE id = $1', [row.user_id]) : undefined;
  if (!row || !owner || !isWithin(owner.path, caller.loaded.scopePath)) throw fault(404, 'chat.support.notFound');
  if (row.user_id === caller.loaded.user.UserAccountId) throw fault(409, 'chat.support.ownConversation');
  return { row, userPath: owner.path, userName: owner.display_name };
}

const agentNameOf = async (tx: Queryable, agentId: number | null) =>
  agentId === null ? '' : ((await tx.one<{ display_name: string }>('SELECT display_name FROM accounts WHERE id = $1', [agentId]))?.display_name ?? '');

/** Takes a waiting conversation (or finds the one the caller already answers). `changed`: it was waiting. */
export async function joinConversation(tx: Queryable, caller: Caller, conversationId: string, ip: string): Promise<{ changed: boolean; userPath: string }> {
  const { row, userPath, userName } = await lockWithinReach(tx, caller, conversationId);
  const agentId = caller.loaded.user.UserAccountId;
  if (row.state === 'live' && row.agent_id === agentId) return { changed: false, userPath };
  if (row.state === 'live') throw fault(409, 'chat.support.taken', { name: await agentNameOf(tx, row.agent_id) });
  if (row.state !== 'waiting') throw fault(409, 'chat.support.notWaiting');
  await tx.query(`UPDATE chat_conversations SET state = 'live', agent_id = $2 WHERE id = $1`, [conversationId, agentId]);
  const t = translator(row.language);
  await appendActivities(tx, conversationId, [
    { type: 'message', from: botAccount(t), text: t('chat.bot.agentJoined', { name: displayName(caller.loaded) }), textFormat: 'plain', locale: row.language },
    { type: 'event', from: botAccount(t), name: CHAT_STATE_EVENT, value: 'live' },
  ]);
  await auditChat(tx, { actorId: agentId, impersonatorId: caller.impersonatorId, accountId: row.user_id, action: 'ChatHandoverAccepted', details: { conversationId, userName }, ip });
  return { changed: true, userPath };
}

/** Ends the caller's part of a conversation it answers: the help bot answers the user again. */
export async function endConversation(tx: Queryable, caller: Caller, conversationId: string, ip: string): Promise<{ userPath: string }> {
  const { row, userPath, userName } = await lockWithinReach(tx, caller, conversationId);
  const agentId = caller.loaded.user.UserAccountId;
  if (row.state !== 'live' || row.agent_id !== agentId) throw fault(409, 'chat.support.notAnswering');
  await tx.query(`UPDATE chat_conversations SET state = 'bot', agent_id = NULL, waiting_since = NULL WHERE id = $1`, [conversationId]);
  const t = translator(row.language);
  await appendActivities(tx, conversationId, [
    { type: 'message', from: botAccount(t), text: t('chat.bot.agentLeft', { name: displayName(caller.loaded) }), textFormat: 'plain', locale: row.language },
    { type: 'event', from: botAccount(t), name: CHAT_STATE_EVENT, value: 'bot' },
  ]);
  await auditChat(tx, { actorId: agentId, impersonatorId: caller.impersonatorId, accountId: row.user_id, action: 'ChatHandoverEnded', details: { conversationId, userName }, ip });
  return { userPath };
}
