import { SUPPORTED_LOCALES } from '../../src/contract';
import { dummyPasswordHash, verifyPassword } from '../auth/passwords';
import { hasCapability, loadUser, sessionUser } from '../auth/session-user';
import { verifyMfaCode } from '../auth/mfa';
import { hashSessionId } from '../auth/session-store';
import { fault } from '../fault';
import { requireCaller, type ServiceContext } from './context';
import { defineHandlers } from './define-handlers';

// The client sees the stored hash as SessionId (for the realtime channel), never the cookie value.

interface Credentials {
  account_id: number;
  password_hash: string;
}

async function checkPassword(ctx: ServiceContext, userName: string, password: string): Promise<number> {
  const row = await ctx.db.one<Credentials>(
    'SELECT account_id, password_hash FROM users WHERE lower(username) = lower($1)',
    [userName.trim()],
  );
  // Verify against a dummy hash when the user is unknown: same time either way.
  const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), password);
  if (!row || !ok) {
    await ctx.audit('SignInFailed', row?.account_id ?? null, { userName: userName.trim().slice(0, 256) });
    ctx.log.warn({ event: 'sign-in-failed', userName: userName.trim().slice(0, 256) }, 'sign-in failed');
    throw fault(401, 'invalidCredentials');
  }
  return row.account_id;
}

/** Checks an MFA code (server/auth/mfa.ts) and answers the spec's text when it is wrong. */
async function checkMfaCode(ctx: ServiceContext, userId: number, methodId: number | null | undefined, code: string) {
  if (await verifyMfaCode(ctx.db, userId, methodId, code)) return;
  await ctx.audit('MfaFailed', userId, {});
  throw fault(401, 'mfaIncorrect');
}

export const authorizationHandlers = defineHandlers('Authorization', {
  async Authenticate(ctx, body) {
    const userId = await checkPassword(ctx, body.userName, body.password);
    const loaded = await loadUser(ctx.db, userId);
    if (!loaded) throw fault(401, 'invalidCredentials');
    if (!hasCapability(loaded.user.Capability, 'LOGIN', 'Execute')) {
      await ctx.audit('SignInRefused', userId, { reason: 'missing LOGIN capability' });
      throw fault(403, 'missingLoginCapability');
    }
    const hasMfa = loaded.user.UserAuthenticationMethods.length > 0;
    if (hasMfa && !body.mfaToken) {
      // Password accepted; the client now asks for a code (spec §4). No session yet.
      return { ...loaded.user, SessionId: '', MfaRequired: true, Capability: [], ImpersonatorAccountId: null, ImpersonatorAccount: null };
    }
    if (hasMfa) await checkMfaCode(ctx, userId, body.mfaMethodId, body.mfaToken ?? '');

    const sessionId = await ctx.db.transaction(async (tx) => {
      const id = await ctx.sessions.create(tx, userId, { mfaVerified: hasMfa });
      await tx.query('UPDATE users SET last_logon = now() WHERE account_id = $1', [userId]);
      return id;
    });
    ctx.startSession(sessionId);
    await ctx.db.query(
      'INSERT INTO audit_log (account_id, actor_user_id, action, details, ip) VALUES ($1, $1, $2, $3, $4)',
      [userId, 'SignIn', { mfa: hasMfa }, ctx.request.ip],
    );
    const fresh = (await loadUser(ctx.db, userId)) ?? loaded;
    return sessionUser(ctx.db, hashSessionId(sessionId), fresh, null);
  },

  async GetCurrentUser(ctx) {
    const caller = requireCaller(ctx);
    return sessionUser(ctx.db, caller.sessionIdHash, caller.loaded, caller.impersonatorId);
  },

  async Logout(ctx) {
    if (ctx.caller) {
      await ctx.sessions.destroy(ctx.caller.sessionIdHash);
      await ctx.audit('SignOut', ctx.caller.loaded.user.UserAccountId);
    }
    ctx.endSession();
    return null;
  },

  async PingPong() {
    return 'pong';
  },

  async SetLanguage(ctx, body) {
    const caller = requireCaller(ctx);
    const code = body.languageCode.replace('_', '-').split('-')[0].toLowerCase();
    if (!(SUPPORTED_LOCALES as readonly string[]).includes(code)) {
      throw fault(400, 'unsupportedLanguage', { language: body.languageCode });
    }
    await ctx.db.query('UPDATE users SET language = $2 WHERE account_id = $1', [caller.loaded.user.UserAccountId, code]);
    return null;
  },
});
