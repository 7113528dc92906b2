import { describe, expect, it } from 'vitest';
import { chatAllowed } from './ChatAssistant';

const chatBot = [{ ObjectType: 'CHAT_BOT', Read: true }];

describe('who sees the chat assistant (spec §6)', () => {
  it('needs chat bot Read and every consent service accepted', () => {
    expect(chatAllowed(chatBot, true)).toBe(true);
    expect(chatAllowed(chatBot, false)).toBe(false);
    expect(chatAllowed([{ ObjectType: 'CHAT_BOT', Execute: true }], true)).toBe(false);
  });

  it('is never shown while impersonating: the chat is the user’s own', () => {
    expect(chatAllowed(chatBot, true, true)).toBe(false);
  });
});
