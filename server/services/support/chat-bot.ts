/**
 * ChatBot/GetToken (spec §4 Chat, §7): a token for the chat assistant, valid
 * one hour. Only its hash is stored, like session ids; an assistant service
 * would look the token up to learn whose conversation it is.
 */
import { createHash, randomBytes } from 'node:crypto';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';

/** The client reuses a token for up to this long (spec §7), so the server keeps it valid as long. */
export const CHAT_TOKEN_LIFETIME_MINUTES = 60;

export const hashChatToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export const chatBotHandlers = defineHandlers('ChatBot', {
  async GetToken(ctx) {
    const caller = requireCaller(ctx);
    const userId = caller.loaded.user.UserAccountId;
    const token = randomBytes(32).toString('base64url');
    await ctx.db.transaction(async (tx) => {
      // Expired tokens of this user go now: the table stays as small as the live tokens.
      await tx.query('DELETE FROM chat_bot_tokens WHERE user_id = $1 AND expires_at <= now()', [userId]);
      await tx.query(
        `INSERT INTO chat_bot_tokens (token_hash, user_id, impersonator_id, expires_at)
         VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
        [hashChatToken(token), userId, caller.impersonatorId, CHAT_TOKEN_LIFETIME_MINUTES],
      );
    });
    return { Token: token };
  },
});
