import { createHash, randomBytes } from 'node:crypto';
import type { SessionUser } from '../../../contract';
import { serverSecret } from '../../auth/secrets';
import { exchangeCode, SsoProviderUnavailable, type VerifiedIdentity } from '../../auth/sso-client';
import type { SsoProviderConfig } from '../../auth/sso-config';
import { consumeState, issueState, type StateCheck } from '../../auth/sso-state';
import { hasCapability, loadUser, sessionUser } from '../../auth/session-user';
import { hashSessionId } from '../../auth/session-store';
import type { Db } from '../../db/db';
import { fault } from '../../fault';
import type { ServerTextKey } from '../../texts';
import { authorizationHandlers } from './authorization';
import type { ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';

/**
 * Single sign-on (spec §2, §7): CreateOpenIdState (extension) starts it,
 * AuthenticateOpenId finishes it, AuthenticateWithSubConfirmation links a new
 * subject to an existing user. The flow and its safeguards are in the README.
 */

const LINK_TTL_SECONDS = 10 * 60;

const stateKeys = new WeakMap<Db, Promise<Buffer>>();
function stateKey(db: Db): Promise<Buffer> {
  let key = stateKeys.get(db);
  if (!key) {
    key = serverSecret(db, 'sso_state_secret');
    stateKeys.set(db, key);
  }
  return key;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

function providerFor(ctx: ServiceContext, id: string): SsoProviderConfig {
  const provider = ctx.config.sso.find((entry) => entry.id === id);
  if (!provider) throw fault(400, 'access.sso.unknownProvider', { name: id.slice(0, 64) });
  return provider;
}

/** The app's own address: absolute http(s), no query or fragment, and the page's origin when the browser names it. */
function checkRedirectUri(ctx: ServiceContext, redirectUri: string): void {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    throw fault(400, 'access.sso.invalidRedirect');
  }
  const origin = ctx.request.headers.origin;
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username || (origin && origin !== url.origin)) {
    throw fault(400, 'access.sso.invalidRedirect');
  }
}

const STATE_FAULTS: Record<Exclude<StateCheck, { ok: true }>['reason'], ServerTextKey> = {
  invalid: 'access.sso.invalidState',
  expired: 'access.sso.expiredState',
  used: 'access.sso.usedState',
  provider: 'access.sso.wrongProvider',
};

async function refuse(ctx: ServiceContext, key: ServerTextKey, status: number, reason: string, userId: number | null = null): Promise<never> {
  ctx.log.warn({ event: 'sso-failed', reason, userId }, 'single sign-on refused');
  await ctx.audit('SsoFailed', userId, { reason });
  throw fault(status, key);
}

async function verifiedIdentity(ctx: ServiceContext, provider: SsoProviderConfig, code: string, state: string, check: StateCheck & { ok: true }) {
  try {
    return await exchangeCode(provider, { code, state, redirectUri: check.payload.redirectUri, codeVerifier: check.codeVerifier });
  } catch (error) {
    if (error instanceof SsoProviderUnavailable) return refuse(ctx, 'access.sso.providerUnavailable', 503, `provider unavailable: ${error.message}`);
    return refuse(ctx, 'access.sso.exchangeFailed', 401, `code exchange failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A session for the user linked to the subject; the provider did the authentication. */
async function signInLinkedUser(ctx: ServiceContext, provider: SsoProviderConfig, identity: VerifiedIdentity, userId: number): Promise<SessionUser> {
  const loaded = await loadUser(ctx.db, userId);
  if (!loaded) return refuse(ctx, 'access.sso.exchangeFailed', 401, 'linked user no longer exists');
  if (!hasCapability(loaded.user.Capability, 'LOGIN', 'Execute')) {
    await ctx.audit('SignInRefused', userId, { reason: 'missing LOGIN capability', sso: provider.id });
    throw fault(403, 'missingLoginCapability');
  }
  const sessionId = await ctx.db.transaction(async (tx) => {
    const id = await ctx.sessions.create(tx, userId);
    await tx.query('UPDATE users SET last_logon = now() WHERE account_id = $1', [userId]);
    await tx.query('UPDATE sso_identities SET last_used_at = now() WHERE sso_id = $1 AND subject = $2', [provider.id, identity.subject]);
    await tx.query('INSERT INTO audit_log (account_id, actor_user_id, action, details, ip) VALUES ($1, $1, $2, $3, $4)', [
      userId,
      'SignIn',
      { sso: provider.id },
      ctx.request.ip,
    ]);
    return id;
  });
  ctx.startSession(sessionId);
  return sessionUser(ctx.db, hashSessionId(sessionId), (await loadUser(ctx.db, userId)) ?? loaded, null);
}

export const ssoHandlers = defineHandlers('Authorization', {
  async CreateOpenIdState(ctx, body) {
    const provider = providerFor(ctx, body.clientName);
    checkRedirectUri(ctx, body.redirectUri);
    const { state, codeChallenge } = issueState(await stateKey(ctx.db), provider.id, body.redirectUri);
    return { State: state, CodeChallenge: codeChallenge, CodeChallengeMethod: 'S256' as const };
  },

  async AuthenticateOpenId(ctx, body) {
    const check = await consumeState(ctx.db, await stateKey(ctx.db), body.state, body.clientName);
    if (!check.ok) return refuse(ctx, STATE_FAULTS[check.reason], 400, `state ${check.reason}`);
    const provider = providerFor(ctx, check.payload.ssoId);
    const identity = await verifiedIdentity(ctx, provider, body.code, body.state, check);

    const linked = await ctx.db.one<{ user_id: number }>('SELECT user_id FROM sso_identities WHERE sso_id = $1 AND subject = $2', [
      provider.id,
      identity.subject,
    ]);
    if (linked) return signInLinkedUser(ctx, provider, identity, linked.user_id);

    // Unknown subject: the browser gets a random token standing for it, to confirm with a user's password.
    const token = randomBytes(32).toString('base64url');
    await ctx.db.transaction(async (tx) => {
      await tx.query('DELETE FROM sso_pending_links WHERE created_at < now() - make_interval(secs => $1)', [LINK_TTL_SECONDS]);
      await tx.query('INSERT INTO sso_pending_links (token_hash, sso_id, subject) VALUES ($1, $2, $3)', [sha256(token), provider.id, identity.subject]);
    });
    return { LinkRequired: true as const, OpenIdSubIdentifier: token, Name: identity.name ?? null, Email: identity.email ?? null };
  },

  async AuthenticateWithSubConfirmation(ctx, body) {
    const tokenHash = sha256(body.subId);
    const pending = await ctx.db.one<{ sso_id: string; subject: string }>(
      'SELECT sso_id, subject FROM sso_pending_links WHERE token_hash = $1 AND created_at > now() - make_interval(secs => $2)',
      [tokenHash, LINK_TTL_SECONDS],
    );
    if (!pending) return refuse(ctx, 'access.sso.linkExpired', 400, 'unknown or expired link token');
    if (body.clientName && body.clientName !== pending.sso_id) return refuse(ctx, 'access.sso.wrongProvider', 400, 'link for another provider');

    // The password sign-in itself, with its MFA step, brute-force limits and LOGIN check.
    const authenticate = authorizationHandlers.Authenticate;
    if (!authenticate) throw new Error('Authorization/Authenticate has no handler');
    const user = await authenticate(ctx, { userName: body.userName, password: body.password, mfaToken: body.mfaToken, mfaMethodId: null });
    // Password right, code still needed: the link token stays for the second call.
    if (user.MfaRequired) return user;

    await ctx.db.transaction(async (tx) => {
      const used = await tx.query('DELETE FROM sso_pending_links WHERE token_hash = $1 RETURNING token_hash', [tokenHash]);
      if (used.length === 0) return; // a concurrent confirmation linked it already
      await tx.query('DELETE FROM sso_identities WHERE sso_id = $1 AND user_id = $2', [pending.sso_id, user.UserAccountId]);
      await tx.query(
        `INSERT INTO sso_identities (sso_id, subject, user_id, last_used_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (sso_id, subject) DO UPDATE SET user_id = EXCLUDED.user_id, linked_at = now(), last_used_at = now()`,
        [pending.sso_id, pending.subject, user.UserAccountId],
      );
      await tx.query('INSERT INTO audit_log (account_id, actor_user_id, action, details, ip) VALUES ($1, $1, $2, $3, $4)', [
        user.UserAccountId,
        'SsoLinked',
        { sso: pending.sso_id, subject: pending.subject },
        ctx.request.ip,
      ]);
    });
    return user;
  },
});

