import { SUPPORTED_LOCALES, type SessionUser } from '../../../contract';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { hasCapability, loadUser, sessionUser, type LoadedUser } from '../../auth/session-user';
import { issueEmailCode, verifyMfaCode } from '../../auth/mfa';
import { clearMfaPendingCookie, mfaPendingUserId, setMfaPendingCookie } from '../../auth/mfa-pending';
import { recordFailure, remainingLockSeconds, throttleKeys, tooManyAttempts, type ThrottleKeys } from '../../auth/brute-force';
import { SESSION_COOKIE } from '../../auth/session-store';
import { fault } from '../../fault';
import { translator } from '../../texts';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { enforceIpRestrictions } from '../lifecycle/ip-restrictions';
import { openSession } from './open-session';
import { passkeyAuthorizationHandlers } from './passkeys';

// The client sees the stored hash as SessionId (for the realtime channel), never the cookie value.

interface Credentials {
  account_id: number;
  password_hash: string;
}

/** Refuses at once while the account or the address waits out failed attempts (before any password check). */
async function refuseWhileLocked(ctx: ServiceContext, keys: ThrottleKeys, userName: string): Promise<void> {
  const wait = await remainingLockSeconds(ctx.db, keys);
  if (wait <= 0) return;
  await ctx.audit('SignInThrottled', null, { userName: userName.trim().slice(0, 256), waitSeconds: wait });
  ctx.log.warn({ event: 'sign-in-throttled', userName: userName.trim().slice(0, 256), waitSeconds: wait }, 'sign-in throttled');
  ctx.reply.header('retry-after', String(wait));
  throw tooManyAttempts(wait);
}

async function checkPassword(ctx: ServiceContext, userName: string, password: string, keys: ThrottleKeys): Promise<number> {
  const row = await ctx.db.one<Credentials>(
    'SELECT account_id, password_hash FROM users WHERE lower(username) = lower($1)',
    [userName.trim()],
  );
  // Verify against a dummy hash when the user is unknown: same time either way.
  const ok = await verifyPassword(row?.password_hash ?? (await dummyPasswordHash()), password);
  if (!row || !ok) {
    await recordFailure(ctx.db, ctx.config.identity.bruteForce, keys);
    await ctx.audit('SignInFailed', row?.account_id ?? null, { userName: userName.trim().slice(0, 256) });
    ctx.log.warn({ event: 'sign-in-failed', userName: userName.trim().slice(0, 256) }, 'sign-in failed');
    throw fault(401, 'invalidCredentials');
  }
  return row.account_id;
}

/**
 * The kinds of method the second step accepts: those every binding policy allows (a passkey-only
 * policy: passkeys), undefined for any. A user holding none of them still signs in with what it has,
 * into a session that only sets an allowed one up (MustSetupMfa, auth/mfa-setup-gate.ts).
 */
export function secondStepTypes(loaded: LoadedUser): string[] | undefined {
  return loaded.user.MustSetupMfa ? undefined : loaded.allowedMfaTypes;
}

/** Refuses a code of a kind the policy does not allow (the method named, else any code method). */
function assertCodeAllowed(loaded: LoadedUser, methodId: number | null | undefined, types: string[] | undefined): void {
  if (!types) return;
  const methods = loaded.user.UserAuthenticationMethods;
  const named = methodId == null ? undefined : methods.find((method) => method.Id === methodId);
  const allowed = named ? types.includes(named.Type) : methods.some((method) => method.Type !== 'PASSKEY' && types.includes(method.Type));
  if (!allowed) throw fault(401, 'identity.signInMethodNotAllowed');
}

/** Checks an MFA code (server/auth/mfa.ts) and answers the spec's text when it is wrong; a wrong code counts as a failure. */
async function checkMfaCode(ctx: ServiceContext, userId: number, methodId: number | null | undefined, code: string, keys: ThrottleKeys, types?: string[]) {
  if (await verifyMfaCode(ctx.db, userId, methodId, code.trim(), types)) return;
  await recordFailure(ctx.db, ctx.config.identity.bruteForce, keys);
  await ctx.audit('MfaFailed', userId, {});
  ctx.log.warn({ event: 'mfa-failed', userId }, 'MFA code refused');
  throw fault(401, 'mfaIncorrect');
}

/** Whom a code may be sent for: the signed-in user (also while setting a method up), or the user between password and code. */
async function codeRecipient(ctx: ServiceContext): Promise<{ userId: number; pendingOnly: boolean } | undefined> {
  const session = await ctx.sessions.find(ctx.request.cookies[SESSION_COOKIE]);
  if (session) return { userId: session.userId, pendingOnly: false };
  const userId = await mfaPendingUserId(ctx.db, ctx.request);
  return userId ? { userId, pendingOnly: true } : undefined;
}

/**
 * The password step's answer while a code is due: the code screens need only the methods to offer
 * (id, type, name, which is primary) and MfaRequired. Everything else about the person (user name,
 * e-mail, phone, job title, address, company, VAT, payment method, last sign-in) waits for the second
 * factor; the fields stay (one SessionUser shape), empty.
 */
function mfaChallenge(loaded: LoadedUser): SessionUser {
  const types = secondStepTypes(loaded);
  return {
    SessionId: '',
    UserAccountId: 0,
    Username: '',
    // Only the methods the policy lets finish the sign-in are offered.
    UserAuthenticationMethods: loaded.user.UserAuthenticationMethods.filter((method) => !types || types.includes(method.Type)).map(({ Id, Type, Name, IsPrimary, IsEnabled }) => ({ Id, Type, Name, IsPrimary, IsEnabled })),
    MustSetupMfa: false,
    MfaRequired: true,
    Capability: [],
    UserAccount: { AccountId: 0, AccountType: '', Views: { Values: {} } },
    CompanyAccount: null,
    ImpersonatorAccountId: null,
    ImpersonatorAccount: null,
    Category: '',
    PaasType: null,
    PaasCountry: null,
    PaasName: null,
    AccountPath: '',
    LastLogon: null,
    Language: '',
  };
}

const passwordSignInHandlers = defineHandlers('Authorization', {
  async Authenticate(ctx, body) {
    const keys = throttleKeys(body.userName, ctx.request.ip);
    await refuseWhileLocked(ctx, keys, body.userName);
    const userId = await checkPassword(ctx, body.userName, body.password, keys);
    const loaded = await loadUser(ctx.db, userId);
    if (!loaded) throw fault(401, 'invalidCredentials');
    // Spec §4: "MFA setup required" comes before the LOGIN check. Such a user gets a session that only
    // sets a method up (auth/mfa-setup-gate.ts); the LOGIN check follows once a method is enabled.
    if (!loaded.user.MustSetupMfa && !hasCapability(loaded.user.Capability, 'LOGIN', 'Execute')) {
      await ctx.audit('SignInRefused', userId, { reason: 'missing LOGIN capability' });
      throw fault(403, 'missingLoginCapability');
    }
    await enforceIpRestrictions(ctx.db, loaded, ctx.request, 'sign-in');
    const hasMfa = loaded.user.UserAuthenticationMethods.length > 0;
    if (hasMfa && !body.mfaToken) {
      // Password accepted; the client now asks for a code (spec §4). No session yet; the cookie
      // only lets this browser have an e-mail code sent.
      await setMfaPendingCookie(ctx.db, ctx.request, ctx.reply, userId);
      await ctx.audit('SignInMfaChallenge', userId, {});
      return mfaChallenge(loaded);
    }
    if (hasMfa) {
      const types = secondStepTypes(loaded);
      assertCodeAllowed(loaded, body.mfaMethodId, types);
      await checkMfaCode(ctx, userId, body.mfaMethodId, body.mfaToken ?? '', keys, types);
    }

    return openSession(ctx, loaded, { mfaVerified: hasMfa, keys, details: { mfa: hasMfa } });
  },

  /**
   * Mails a one-time code for an EMAIL method: an enabled one between password
   * and code, or, for the signed-in user, also one being set up. At most one
   * mail per method every 30 s; the answer is the same either way.
   */
  async SendSecurityCodeNotification(ctx, body) {
    const recipient = await codeRecipient(ctx);
    if (!recipient) throw fault(401, 'unauthenticated');
    const method = await ctx.db.one<{ id: number; email: string | null; language: string }>(
      `SELECT m.id, m.email, u.language FROM mfa_methods m JOIN users u ON u.account_id = m.user_id
        WHERE m.id = $1 AND m.user_id = $2 AND m.method_type = 'EMAIL' AND (m.is_enabled OR NOT $3)`,
      [body.authenticationMethodId, recipient.userId, recipient.pendingOnly],
    );
    if (!method?.email) throw fault(404, 'identity.mfaMethodUnknown');
    const ttlSeconds = ctx.config.identity.emailCodeTtlSeconds;
    const code = await issueEmailCode(ctx.db, method.id, ttlSeconds);
    if (!code) return null;
    const t = translator(method.language);
    try {
      await ctx.mailer.sendMail({
        to: method.email,
        subject: t('identity.mail.codeSubject'),
        text: t('identity.mail.codeText', { code, minutes: Math.max(1, Math.round(ttlSeconds / 60)) }),
      });
    } catch (error) {
      ctx.log.error({ err: error, methodId: method.id }, 'security code mail could not be sent');
      await ctx.db.query('DELETE FROM mfa_email_codes WHERE method_id = $1', [method.id]);
      throw fault(503, 'identity.mailUnavailable');
    }
    await ctx.audit('SecurityCodeSent', recipient.userId, { methodId: method.id });
    return null;
  },

  async GetCurrentUser(ctx) {
    const caller = requireCaller(ctx);
    return sessionUser(ctx.db, caller.sessionIdHash, caller.loaded, caller.impersonatorId);
  },

  async Logout(ctx) {
    clearMfaPendingCookie(ctx.request, ctx.reply);
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

/** Sign-in with a password (and code) and with a passkey (passkeys.ts). */
export const authorizationHandlers = { ...passwordSignInHandlers, ...passkeyAuthorizationHandlers };
