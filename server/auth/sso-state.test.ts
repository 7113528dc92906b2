import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { codeChallengeFor, issueState, readState, STATE_TTL_SECONDS } from './sso-state';

const key = Buffer.alloc(32, 7);
const now = () => Math.floor(Date.now() / 1000);

describe('single sign-on state', () => {
  it('carries the provider and return address, and derives the PKCE verifier the challenge was made from', () => {
    const { state, codeChallenge } = issueState(key, 'contoso-id', 'https://portal.example/v/');
    const check = readState(key, state);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.payload).toMatchObject({ ssoId: 'contoso-id', redirectUri: 'https://portal.example/v/' });
    expect(codeChallengeFor(check.codeVerifier)).toBe(codeChallenge);
    expect(createHash('sha256').update(check.codeVerifier).digest('base64url')).toBe(codeChallenge);
    // The verifier never travels: it is not in the state.
    expect(Buffer.from(state.split('.')[0], 'base64url').toString()).not.toContain(check.codeVerifier);
  });

  it('refuses a state signed with another key or altered in any way', () => {
    const { state } = issueState(key, 'contoso-id', 'https://portal.example/v/');
    expect(readState(Buffer.alloc(32, 8), state)).toEqual({ ok: false, reason: 'invalid' });
    const [body, signature] = state.split('.');
    expect(readState(key, `${body}x.${signature}`)).toEqual({ ok: false, reason: 'invalid' });
    expect(readState(key, `${body}.${signature}.extra`)).toEqual({ ok: false, reason: 'invalid' });
    expect(readState(key, '')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('expires after its lifetime and refuses one issued in the future', () => {
    const { state } = issueState(key, 'contoso-id', 'https://portal.example/v/');
    expect(readState(key, state, now() + STATE_TTL_SECONDS - 5).ok).toBe(true);
    expect(readState(key, state, now() + STATE_TTL_SECONDS + 5)).toEqual({ ok: false, reason: 'expired' });
    expect(readState(key, state, now() - 120)).toEqual({ ok: false, reason: 'expired' });
  });

  it('gives every state its own nonce', () => {
    const states = new Set(Array.from({ length: 50 }, () => issueState(key, 'a', 'https://p.example/').state));
    expect(states.size).toBe(50);
  });
});
