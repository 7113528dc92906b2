/**
 * ChatBot/GetToken (spec §4 Chat, §7; issue 38): a Direct Line token for a new conversation of the caller,
 * valid one hour (the client reuses it that long). Not while impersonating: the chat is the user's own.
 * With an external Direct Line service configured, that service's token and address.
 */
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';
import { fault } from '../../fault';
import { chatTokenKey, issueChatToken, newConversationId } from './chat-tokens';
import { externalDirectLineToken } from './external-direct-line';

export const chatBotHandlers = defineHandlers('ChatBot', {
  async GetToken(ctx) {
    const caller = requireCaller(ctx);
    if (caller.impersonatorId !== null) throw fault(403, 'identity.notWhileImpersonating');
    const userId = caller.loaded.user.UserAccountId;
    const { directLineSecret, directLineEndpoint } = ctx.config.chat;
    if (directLineSecret) {
      const external = await externalDirectLineToken({ directLineSecret, directLineEndpoint }, userId);
      return { Token: external.token, Domain: external.domain };
    }
    const { token } = issueChatToken(await chatTokenKey(ctx.db), 'user', userId, newConversationId(), Math.floor(Date.now() / 1000));
    return { Token: token };
  },
});
