import { Type } from '@sinclair/typebox';
import { method, needs } from '../define';

export const ChatBot = {
  GetToken: method({
    summary: 'A Direct Line token for a new chat assistant conversation, valid one hour (the client reuses it that long); refused while impersonating.',
    result: Type.Object({
      Token: Type.String(),
      /** Extension (issue 38): the external Direct Line service's address when one is configured; absent: the portal's own (/v3/directline). */
      Domain: Type.Optional(Type.String()),
    }),
    access: needs('CHAT_BOT', 'Read'),
  }),
};
