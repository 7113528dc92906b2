import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueChatToken, signChatToken, verifyChatToken } from './chat-tokens';

const key = randomBytes(32);
const now = 1_800_000_000;

describe('chat tokens', () => {
  it('carry their kind, user and conversation for an hour', () => {
    const { token, expiresIn } = issueChatToken(key, 'user', 7, 'conversation-1', now);
    expect(expiresIn).toBe(3600);
    expect(verifyChatToken(key, token, now + 3599)).toEqual({ ok: true, claims: { kind: 'user', userId: 7, conversationId: 'conversation-1', issuedAt: now, expiresAt: now + 3600 } });
    expect(verifyChatToken(key, token, now + 3600)).toEqual({ ok: false, reason: 'expired', expiredAt: now + 3600 });
  });

  it('let a stream token open its socket for five minutes only', () => {
    const { token } = issueChatToken(key, 'stream', 7, 'c', now);
    expect(verifyChatToken(key, token, now + 299).ok).toBe(true);
    expect(verifyChatToken(key, token, now + 300).ok).toBe(false);
  });

  it('refuse a token signed with another key, changed claims, or garbage', () => {
    const { token } = issueChatToken(key, 'user', 7, 'c', now);
    expect(verifyChatToken(randomBytes(32), token, now)).toEqual({ ok: false, reason: 'malformed' });
    const [prefix, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ k: 'agent', u: 7, c: 'c', i: now, e: now + 3600 })).toString('base64url');
    expect(verifyChatToken(key, `${prefix}.${forged}.${signature}`, now)).toEqual({ ok: false, reason: 'malformed' });
    for (const junk of ['', 'pdl1', 'pdl1..', 'a.b.c', `${token}x`, 'x'.repeat(10_000)]) expect(verifyChatToken(key, junk, now).ok).toBe(false);
  });

  it('refuse a token issued in the future and a kind it does not know', () => {
    expect(verifyChatToken(key, signChatToken(key, { kind: 'user', userId: 1, conversationId: 'c', issuedAt: now + 3600, expiresAt: now + 7200 }), now).ok).toBe(false);
    expect(verifyChatToken(key, signChatToken(key, { kind: 'admin' as 'user', userId: 1, conversationId: 'c', issuedAt: now, expiresAt: now + 60 }), now).ok).toBe(false);
  });
});
