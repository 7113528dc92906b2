/**
 * Passwords (spec §5, §7): change, reset by mailed link, and the live check
 * the password forms call (Account/ValidateUserPassword).
 */
import { createHash, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Queryable } from '../../db/db';
import { recordFailure, recordSuccess, remainingLockSeconds, throttleKeys, tooManyAttempts } from '../../auth/brute-force';
import {
  loadPasswordOwner,
  passwordFailures,
  ruleText,
  storeNewPassword,
  type PasswordOwner,
  type PasswordRule,
} from '../../auth/password-rules';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { SESSION_COOKIE } from '../../auth/session-store';
import { fault } from '../../fault';
import { translator } from '../../texts';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { accountEmail, refuseWhileImpersonating } from './mfa';
import { announceEnded } from './end-sessions';
import { revokeTokensOfUser } from '../api-tokens/revoke-tokens';

/** RequestResetPassword answers no sooner than this, known user or not (no enumeration by timing). */
const RESET_ANSWER_MS = 400;
/** One reset mail per user per minute at most. */
const RESET_RESEND_SECONDS = 60;

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

function rejected(ctx: ServiceContext, failed: PasswordRule[]) {
  return fault(400, 'identity.passwordRejected', { rules: failed.map((rule) => ruleText(ctx.t, rule)).join('; ') });
}

/** The user a still-valid reset token belongs to (optionally also matching the user name). */
async function resetTokenUser(db: Queryable, token: string, username?: string): Promise<number | undefined> {
  const row = await db.one<{ user_id: number }>(
    `SELECT t.user_id FROM password_reset_tokens t JOIN users u ON u.account_id = t.user_id
      WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
        AND ($2::text IS NULL OR lower(u.username) = lower($2))`,
    [tokenHash(token), username?.trim() ?? null],
  );
  return row?.user_id;
}

/** Sends the reset mail; failures only logged (the answer must not depend on them). */
async function sendResetMail(ctx: ServiceContext, user: { id: number; username: string; language: string; name: string }, email: string, token: string) {
  const t = translator(user.language);
  const link = `${ctx.config.mail.publicUrl}/v/#/reset-password/${encodeURIComponent(user.username)}/${token}`;
  const minutes = ctx.config.identity.resetTokenTtlMinutes;
  try {
    await ctx.mailer.sendMail({
      to: email,
      subject: t('identity.mail.resetSubject'),
      text: t('identity.mail.resetText', { name: user.name, username: user.username, minutes, link }),
    });
  } catch (error) {
    ctx.log.error({ err: error, userId: user.id }, 'password reset mail could not be sent');
  }
}

export const selfCareHandlers = defineHandlers('SelfCare', {
  async RequestResetPassword(ctx, body) {
    const started = Date.now();
    const username = body.username.trim();
    const user = await ctx.db.one<{ id: number; username: string; language: string; name: string; recent: boolean }>(
      `SELECT u.account_id AS id, u.username, u.language, a.display_name AS name,
              EXISTS (SELECT 1 FROM password_reset_tokens t WHERE t.user_id = u.account_id
                        AND t.created_at > now() - make_interval(secs => $2)) AS recent
         FROM users u JOIN accounts a ON a.id = u.account_id WHERE lower(u.username) = lower($1)`,
      [username, RESET_RESEND_SECONDS],
    );
    const email = user ? await accountEmail(ctx.db, user.id) : undefined;
    const token = randomBytes(32).toString('base64url');
    if (user && email && !user.recent) {
      await ctx.db.transaction(async (tx) => {
        // Only the newest link works.
        await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL', [user.id]);
        await tx.query(
          `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
          [tokenHash(token), user.id, ctx.config.identity.resetTokenTtlMinutes * 60],
        );
      });
      await ctx.audit('PasswordResetRequested', user.id);
      // Not awaited: the SMTP round trip would tell a known user from an unknown one.
      void sendResetMail(ctx, user, email, token);
    } else {
      ctx.log.info({ event: 'password-reset-request-ignored', known: Boolean(user) }, 'password reset request without mail');
    }
    await sleep(Math.max(0, RESET_ANSWER_MS - (Date.now() - started)));
    return null;
  },

  async ResetPassword(ctx, body) {
    const userId = await resetTokenUser(ctx.db, body.token, body.username);
    if (!userId) throw fault(400, 'identity.resetLinkInvalid');
    const owner = await loadPasswordOwner(ctx.db, userId);
    const failed = await passwordFailures(ctx.db, body.newPassword, owner, { history: true });
    if (failed.length > 0) throw rejected(ctx, failed);
    const passwordHash = await hashPassword(body.newPassword);
    const ended = await ctx.db.transaction(async (tx) => {
      // Burnt with a conditional update: of two concurrent uses only one gets the row.
      const used = await tx.query(
        'UPDATE password_reset_tokens SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id',
        [tokenHash(body.token)],
      );
      if (used.length !== 1) throw fault(400, 'identity.resetLinkInvalid');
      await storeNewPassword(tx, userId, passwordHash);
      // Whoever knew the old password is signed out everywhere (impersonating sessions included).
      const sessions = await tx.query<{ id_hash: string }>('DELETE FROM sessions WHERE user_id = $1 OR impersonator_id = $1 RETURNING id_hash', [userId]);
      // So are the user's tokens: whoever reset the password may not trust what was made before (README).
      await revokeTokensOfUser(tx, { userId, actorId: userId, reason: 'passwordReset', ip: ctx.request.ip });
      await tx.query(
        `INSERT INTO audit_log (account_id, actor_user_id, action, details, ip) VALUES ($1, $1, 'PasswordReset', '{}'::jsonb, $2)`,
        [userId, ctx.request.ip],
      );
      return sessions.map((session) => session.id_hash);
    });
    // Their open pages go to sign-in at once, on every instance (issue 23).
    await announceEnded(ctx, [userId], ended);
    // The owner proved the mailbox: a lock-out from someone else's guessing ends here.
    await recordSuccess(ctx.db, throttleKeys(body.username, ctx.request.ip));
    ctx.callers.forgetUser(userId);
    return null;
  },

  async ChangeMyPassword(ctx, body) {
    const caller = requireCaller(ctx);
    refuseWhileImpersonating(caller);
    const userId = caller.loaded.user.UserAccountId;
    // Guessing the current password with a stolen session is throttled like sign-in.
    const keys = throttleKeys(caller.loaded.user.Username, ctx.request.ip);
    const wait = await remainingLockSeconds(ctx.db, keys);
    if (wait > 0) {
      ctx.reply.header('retry-after', String(wait));
      throw tooManyAttempts(wait);
    }
    const row = await ctx.db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE account_id = $1', [userId]);
    if (!row || !(await verifyPassword(row.password_hash, body.currentPassword))) {
      await recordFailure(ctx.db, ctx.config.identity.bruteForce, keys);
      await ctx.audit('PasswordChangeRefused', userId, { reason: 'wrong current password' });
      throw fault(400, 'identity.currentPasswordWrong');
    }
    const owner = await loadPasswordOwner(ctx.db, userId);
    const failed = await passwordFailures(ctx.db, body.newPassword, owner, { history: true });
    if (failed.length > 0) throw rejected(ctx, failed);
    const passwordHash = await hashPassword(body.newPassword);
    const ended = await ctx.db.transaction(async (tx) => {
      await storeNewPassword(tx, userId, passwordHash);
      // Other sessions end (ASVS: after a password change); this one stays.
      const sessions = await tx.query<{ id_hash: string }>(
        'DELETE FROM sessions WHERE (user_id = $1 OR impersonator_id = $1) AND id_hash <> $2 RETURNING id_hash',
        [userId, caller.sessionIdHash],
      );
      return sessions.map((session) => session.id_hash);
    });
    await announceEnded(ctx, [userId], ended);
    await ctx.audit('PasswordChanged', userId);
    return null;
  },
});

/** The owner whose names and history a candidate password is checked against, if known. */
async function candidateOwner(ctx: ServiceContext, token: string | null | undefined): Promise<PasswordOwner | undefined> {
  if (token) {
    const userId = await resetTokenUser(ctx.db, token);
    if (!userId) throw fault(400, 'identity.resetLinkInvalid');
    return loadPasswordOwner(ctx.db, userId);
  }
  // A public method: the dispatcher resolves no caller, so look at the session cookie here.
  const session = await ctx.sessions.find(ctx.request.cookies[SESSION_COOKIE]);
  return session ? loadPasswordOwner(ctx.db, session.userId) : undefined;
}

export const passwordCheckHandlers = defineHandlers('Account', {
  /**
   * The live check of the password forms. The history rule is left to the
   * save (ChangeMyPassword checks the current password first): answering it
   * here would let a stolen session test guesses of old passwords unthrottled.
   */
  async ValidateUserPassword(ctx, body) {
    const owner = await candidateOwner(ctx, body.token);
    const failed = await passwordFailures(ctx.db, body.password, owner, { history: false });
    const rules = failed.map((rule) => ({ Rule: rule, Message: ruleText(ctx.t, rule) }));
    return { IsValid: failed.length === 0, Messages: rules.map((rule) => rule.Message), FailedRules: rules };
  },
});
