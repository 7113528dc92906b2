import { Type } from '@sinclair/typebox';
import { method, needs } from '../define';

export const ChatBot = {
  GetToken: method({
    summary: 'A token for the chat assistant (the client reuses it for up to an hour).',
    result: Type.Object({ Token: Type.String() }),
    access: needs('CHAT_BOT', 'Read'),
  }),
};
