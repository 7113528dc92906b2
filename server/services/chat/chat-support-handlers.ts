/**
 * ChatSupport (extension, issue 38): the support console's queue of conversations handed over to a
 * person, taking one (with a Direct Line token to answer it) and ending it. Scope: the conversations of
 * users within the caller's reach, never the caller's own.
 */
import { withinSql } from '../lifecycle/account-nodes';
import { realtimeOf } from '../../realtime';
import { fault } from '../../fault';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { chatTokenKey, issueChatToken } from './chat-tokens';
import { joinConversation, endConversation } from './handover';

interface QueueRow {
  id: string;
  state: 'waiting' | 'live';
  user_id: number;
  user_name: string;
  organisation_name: string | null;
  language: string;
  waiting_since: string;
  agent_id: number | null;
  agent_name: string | null;
  last_message: string | null;
}

const QUEUE_SQL = `
SELECT c.id, c.state, c.user_id, a.display_name AS user_name, p.display_name AS organisation_name, c.language,
       c.waiting_since, c.agent_id, g.display_name AS agent_name,
       (SELECT left(x.activity ->> 'text', 200) FROM chat_activities x
         WHERE x.conversation_id = c.id AND x.activity -> 'from' ->> 'role' = 'user' ORDER BY x.seq DESC LIMIT 1) AS last_message
  FROM chat_conversations c
  JOIN accounts a ON a.id = c.user_id
  LEFT JOIN accounts p ON p.id = a.parent_id
  LEFT JOIN accounts g ON g.id = c.agent_id
 WHERE c.state <> 'bot' AND ${withinSql('a.path', '$1')} AND c.user_id <> $2
 ORDER BY c.waiting_since, c.id
 LIMIT 200`;

/** After a committed change of the queue: streams and support consoles of every instance. */
async function announceQueue(ctx: ServiceContext, conversationId: string, userPath: string): Promise<void> {
  await realtimeOf(ctx).chatChanged({ conversationId, userPath, queue: true }).catch((error: unknown) => ctx.log.warn({ err: error }, 'chat: could not announce a change'));
}

export const chatSupportHandlers = defineHandlers('ChatSupport', {
  async ListChatConversations(ctx) {
    const caller = requireCaller(ctx);
    const rows = await ctx.db.query<QueueRow>(QUEUE_SQL, [caller.loaded.scopePath, caller.loaded.user.UserAccountId]);
    return rows.map((row) => ({
      ConversationId: row.id,
      State: row.state,
      UserAccountId: row.user_id,
      UserName: row.user_name,
      OrganisationName: row.organisation_name,
      Language: row.language,
      WaitingSince: new Date(row.waiting_since).toISOString(),
      AgentAccountId: row.agent_id,
      AgentName: row.agent_name,
      LastMessage: row.last_message,
    }));
  },

  async JoinChatConversation(ctx, { conversationId }) {
    const caller = requireCaller(ctx);
    if (caller.impersonatorId !== null) throw fault(403, 'identity.notWhileImpersonating');
    const joined = await ctx.db.transaction((tx) => joinConversation(tx, caller, conversationId, ctx.request.ip));
    if (joined.changed) await announceQueue(ctx, conversationId, joined.userPath);
    const { token } = issueChatToken(await chatTokenKey(ctx.db), 'agent', caller.loaded.user.UserAccountId, conversationId, Math.floor(Date.now() / 1000));
    return { ConversationId: conversationId, Token: token };
  },

  async EndChatConversation(ctx, { conversationId }) {
    const caller = requireCaller(ctx);
    if (caller.impersonatorId !== null) throw fault(403, 'identity.notWhileImpersonating');
    const ended = await ctx.db.transaction((tx) => endConversation(tx, caller, conversationId, ctx.request.ip));
    await announceQueue(ctx, conversationId, ended.userPath);
    return {};
  },
});
