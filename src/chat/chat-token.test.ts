// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_TOKEN_REUSE_MS, chatGrant, chatToken, storeChatGrant } from './chat-token';

beforeEach(() => localStorage.clear());

describe('chat token', () => {
  it('is reused for up to an hour, then fetched again', async () => {
    let clock = 1_000_000;
    const now = () => clock;
    const fetchToken = vi.fn().mockResolvedValueOnce('first').mockResolvedValueOnce('second');
    await expect(chatToken(7, fetchToken, now)).resolves.toBe('first');
    clock += CHAT_TOKEN_REUSE_MS - 1;
    await expect(chatToken(7, fetchToken, now)).resolves.toBe('first');
    expect(fetchToken).toHaveBeenCalledTimes(1);
    clock += 1;
    await expect(chatToken(7, fetchToken, now)).resolves.toBe('second');
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it("is never another user's", async () => {
    const fetchToken = vi.fn().mockResolvedValueOnce('for-7').mockResolvedValueOnce('for-8');
    await chatToken(7, fetchToken);
    await expect(chatToken(8, fetchToken)).resolves.toBe('for-8');
  });

  it('ignores a broken stored value', async () => {
    localStorage.setItem('chatBotToken', '{not json');
    await expect(chatToken(7, async () => 'fresh')).resolves.toBe('fresh');
  });
});

describe('chat grant (issue 38)', () => {
  it('keeps the external Direct Line address with the token, and a renewed token for another hour', async () => {
    let clock = 5_000_000;
    const now = () => clock;
    const fetchGrant = vi.fn().mockResolvedValue({ token: 'external', domain: 'https://directline.example/v3/directline' });
    await expect(chatGrant(7, fetchGrant, now)).resolves.toEqual({ token: 'external', domain: 'https://directline.example/v3/directline' });
    clock += CHAT_TOKEN_REUSE_MS - 10;
    storeChatGrant(7, { token: 'renewed', domain: 'https://directline.example/v3/directline' }, now);
    clock += 100;
    await expect(chatGrant(7, fetchGrant, now)).resolves.toEqual({ token: 'renewed', domain: 'https://directline.example/v3/directline' });
    expect(fetchGrant).toHaveBeenCalledTimes(1);
  });
});
