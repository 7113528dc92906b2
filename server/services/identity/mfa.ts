/**
 * Account service, MFA part (spec §4, §7): a user's own methods (set up,
 * enable, rename, make primary, remove), an administrator's view of other
 * users' MFA, and the companies' MFA policies.
 */
import { readFileSync } from 'node:fs';
import type { Static } from '@sinclair/typebox';
import type { CompanyMfaPolicySchema } from '../../../contract/services/account-schemas';
import type { Queryable } from '../../db/db';
import { assertAccountsInScope } from '../../auth/access';
import { verifySetupCode } from '../../auth/mfa';
import { loadUser, POLICY_BINDS } from '../../auth/session-user';
import { newTotpSecret, totpUri } from '../../auth/totp';
import type { ServerConfig } from '../../config';
import { fault } from '../../fault';
import { requireCaller, type Caller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { MFA_STEP_UP_MINUTES } from '../../../contract/services/account-schemas';
import { translator } from '../../texts';
import { endSessionsOfUser } from './end-sessions';
import { revokeTokensOfUser } from '../api-tokens/revoke-tokens';

type CompanyMfaPolicy = Static<typeof CompanyMfaPolicySchema>;

/** Enough for any real use; stops a script from piling up methods. */
const MAX_METHODS_PER_USER = 10;

/** Security changes of one's own account are the user's, not an impersonator's. */
export function refuseWhileImpersonating(caller: Caller): void {
  if (caller.impersonatorId !== null) throw fault(403, 'identity.notWhileImpersonating');
}

let issuer: string | undefined;
/** The name authenticator apps show beside the code: the branding title. */
export function issuerName(config: ServerConfig): string {
  if (issuer === undefined) {
    try {
      const branding = JSON.parse(readFileSync(config.brandingFile, 'utf8')) as { title?: unknown };
      issuer = typeof branding.title === 'string' && branding.title.trim() ? branding.title.trim() : 'Cloud Marketplace';
    } catch {
      issuer = 'Cloud Marketplace';
    }
  }
  return issuer;
}

interface MethodRow {
  id: number;
  method_type: 'TOTP' | 'EMAIL' | 'PASSKEY';
  name: string;
  is_primary: boolean;
  is_enabled: boolean;
}

/** The signed-in user's own method (not while impersonating: another's second factor is theirs alone). */
async function callersOwnMethod(ctx: ServiceContext, methodId: number) {
  const caller = requireCaller(ctx);
  refuseWhileImpersonating(caller);
  const userId = caller.loaded.user.UserAccountId;
  return { caller, userId, method: await ownMethod(ctx.db, userId, methodId) };
}

async function ownMethod(db: Queryable, userId: number, methodId: number): Promise<MethodRow> {
  const method = await db.one<MethodRow>(
    'SELECT id, method_type, name, is_primary, is_enabled FROM mfa_methods WHERE id = $1 AND user_id = $2',
    [methodId, userId],
  );
  if (!method) throw fault(404, 'identity.mfaMethodUnknown');
  return method;
}

/**
 * The methods the MFA policies that apply to the user allow (intersection),
 * or undefined when none restricts them. Same applicability as the session
 * user's MustSetupMfa: the parent's policy, or a hierarchy policy above.
 */
async function allowedMethodsFor(db: Queryable, userId: number): Promise<string[] | undefined> {
  const rows = await db.query<{ allowed_methods: string[] }>(
    `SELECT mp.allowed_methods FROM users u JOIN accounts a ON a.id = u.account_id
       JOIN mfa_policies mp ON mp.enforced AND mp.allowed_methods IS NOT NULL AND ${POLICY_BINDS}
      WHERE u.account_id = $1`,
    [userId],
  );
  if (rows.length === 0) return undefined;
  return rows.map((row) => row.allowed_methods).reduce((allowed, next) => allowed.filter((type) => next.includes(type)));
}

const maskEmail = (email: string) => email.replace(/^(.)[^@]*(@.*)$/, '$1***$2');

/** The address of the user's account (Views.Values.Email), if it has one. */
export async function accountEmail(db: Queryable, userId: number): Promise<string | undefined> {
  const row = await db.one<{ email: string | null }>(`SELECT views -> 'Values' ->> 'Email' AS email FROM accounts WHERE id = $1`, [userId]);
  return row?.email?.trim() || undefined;
}

async function companyAccount(db: Queryable, accountId: number): Promise<{ id: number; path: string }> {
  const row = await db.one<{ id: number; path: string; account_type: string }>('SELECT id, path, account_type FROM accounts WHERE id = $1', [accountId]);
  if (!row || !['Company', 'Reseller', 'Vendor'].includes(row.account_type)) throw fault(400, 'identity.notACompany');
  return row;
}

interface PolicyRow {
  enforced: boolean;
  applies_to_hierarchy: boolean;
  exceptions: number[];
  allowed_methods: ('TOTP' | 'EMAIL' | 'PASSKEY')[] | null;
}

/**
 * One row per company holds both readings: the company policy is "enforced";
 * the hierarchy policy is "enforced on the whole hierarchy" (it implies the
 * company's own users, who are part of that hierarchy).
 */
async function readPolicy(db: Queryable, companyId: number, hierarchy: boolean): Promise<CompanyMfaPolicy> {
  const row = await db.one<PolicyRow>(
    'SELECT enforced, applies_to_hierarchy, exceptions, allowed_methods FROM mfa_policies WHERE account_id = $1',
    [companyId],
  );
  return {
    CompanyAccountId: companyId,
    IsEnforced: Boolean(row?.enforced && (!hierarchy || row.applies_to_hierarchy)),
    ExceptionAccountIds: row?.exceptions ?? [],
    ...(row?.allowed_methods ? { AllowedMethods: row.allowed_methods } : {}),
  };
}

async function savePolicy(ctx: ServiceContext, policy: CompanyMfaPolicy, hierarchy: boolean): Promise<CompanyMfaPolicy> {
  const caller = requireCaller(ctx);
  // The body names accounts the dispatcher cannot see: check them here.
  await assertAccountsInScope(ctx.db, caller, [policy.CompanyAccountId, ...policy.ExceptionAccountIds]);
  const company = await companyAccount(ctx.db, policy.CompanyAccountId);
  if (policy.ExceptionAccountIds.length > 0) {
    const inside = await ctx.db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM accounts WHERE id = ANY($1::bigint[]) AND (path = $2 OR path LIKE $2 || '/%')`,
      [policy.ExceptionAccountIds, company.path],
    );
    if (inside?.count !== policy.ExceptionAccountIds.length) throw fault(400, 'identity.policyExceptionOutside');
  }
  const allowed = policy.AllowedMethods ?? null;
  await ctx.db.transaction(async (tx) => {
    // Company policy: switching it off also ends the hierarchy policy. Hierarchy policy: switching it
    // on enforces the company too; switching it off leaves the company's own setting.
    await tx.query(
      `INSERT INTO mfa_policies (account_id, enforced, applies_to_hierarchy, exceptions, allowed_methods)
       VALUES ($1, $2, $3 AND $2, $4, $5)
       ON CONFLICT (account_id) DO UPDATE SET
         enforced = CASE WHEN $3 THEN mfa_policies.enforced OR $2 ELSE $2 END,
         applies_to_hierarchy = CASE WHEN $3 THEN $2 ELSE mfa_policies.applies_to_hierarchy AND $2 END,
         exceptions = $4, allowed_methods = $5`,
      [company.id, policy.IsEnforced, hierarchy, JSON.stringify(policy.ExceptionAccountIds), allowed === null ? null : JSON.stringify(allowed)],
    );
    await tx.query(
      `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip) VALUES ($1, $2, $3, $4, $5, $6)`,
      [company.id, caller.loaded.user.UserAccountId, caller.impersonatorId, hierarchy ? 'HierarchyMfaPolicyUpdated' : 'MfaPolicyUpdated', policy, ctx.request.ip],
    );
    // A policy that binds its author, who has no method yet, would send every later call (the undo
    // included) to MFA set-up: as GitHub does for organisations, a working second factor comes first.
    const author = await loadUser(tx, caller.loaded.user.UserAccountId);
    if (author?.user.MustSetupMfa) throw fault(409, 'identity.mfaPolicyNeedsOwnMethod');
  });
  // Whether users must set up MFA changed for a whole company: no cached caller may keep the old answer.
  ctx.callers.forgetAll();
  return readPolicy(ctx.db, company.id, hierarchy);
}

/**
 * Resetting another user's MFA needs a second factor proven in the last minutes (VerifyMfaStepUp), when the
 * administrator has one. One without any has nothing to step up with; a policy should require it of them.
 */
async function requireAdminStepUp(ctx: ServiceContext, caller: Caller): Promise<void> {
  if (caller.loaded.user.UserAuthenticationMethods.length === 0) return;
  const fresh = await ctx.db.one(`SELECT 1 FROM sessions WHERE id_hash = $1 AND mfa_verified_at > now() - make_interval(mins => $2)`, [
    caller.sessionIdHash,
    MFA_STEP_UP_MINUTES,
  ]);
  if (!fresh) throw fault(403, 'account.mfaRequired');
}

/** Tells the user, in the user's language, that an administrator removed their methods (a mail failure only logs). */
async function mailMfaReset(ctx: ServiceContext, userId: number, language: string): Promise<void> {
  const to = await accountEmail(ctx.db, userId);
  if (!to) return;
  const t = translator(language);
  try {
    await ctx.mailer.sendMail({ to, subject: t('identity.mail.mfaResetSubject'), text: t('identity.mail.mfaResetText') });
  } catch (error) {
    ctx.log.error({ err: error, userId }, 'MFA reset mail could not be sent');
  }
}

export const mfaHandlers = defineHandlers('Account', {
  async SetUpTwoFactorAuthentication(ctx, body) {
    const caller = requireCaller(ctx);
    refuseWhileImpersonating(caller);
    const userId = caller.loaded.user.UserAccountId;
    const { Type: type, Name: name, Email: email } = body.authenticationMethod;
    const allowed = await allowedMethodsFor(ctx.db, userId);
    if (allowed && !allowed.includes(type)) throw fault(403, 'identity.mfaMethodNotAllowed');
    const enabled = await ctx.db.one<{ count: number }>('SELECT count(*)::int AS count FROM mfa_methods WHERE user_id = $1 AND is_enabled', [userId]);
    if ((enabled?.count ?? 0) >= MAX_METHODS_PER_USER) throw fault(400, 'identity.mfaTooManyMethods');

    const address = type === 'EMAIL' ? (email?.trim() || (await accountEmail(ctx.db, userId))) : undefined;
    if (type === 'EMAIL' && !address) throw fault(400, 'identity.emailRequired');
    const secret = type === 'TOTP' ? newTotpSecret() : null;
    const label = name?.trim() || (type === 'TOTP' ? ctx.t('identity.method.totpName') : ctx.t('identity.method.emailName', { email: maskEmail(address!) }));
    const id = await ctx.db.transaction(async (tx) => {
      // One set-up at a time: an abandoned one is replaced.
      await tx.query('DELETE FROM mfa_methods WHERE user_id = $1 AND NOT is_enabled', [userId]);
      const row = await tx.one<{ id: number }>(
        `INSERT INTO mfa_methods (user_id, method_type, name, secret, email, is_primary, is_enabled)
         VALUES ($1, $2, $3, $4, $5, false, false) RETURNING id`,
        [userId, type, label, secret, address ?? null],
      );
      return row!.id;
    });
    return {
      AuthenticationMethodId: id,
      Secret: secret,
      OtpAuthUri: secret ? totpUri(secret, caller.loaded.user.Username, issuerName(ctx.config)) : null,
    };
  },

  async EnableTwoFactorAuthentication(ctx, body) {
    const { caller, userId, method } = await callersOwnMethod(ctx, body.authenticationMethodId);
    if (method.is_enabled) return null;
    if (!(await verifySetupCode(ctx.db, userId, method.id, body.mfaToken.trim()))) {
      await ctx.audit('MfaSetupCodeRejected', userId, { methodId: method.id });
      throw fault(400, 'mfaIncorrect');
    }
    await ctx.db.transaction(async (tx) => {
      // The first enabled method becomes the primary one.
      await tx.query(
        `UPDATE mfa_methods SET is_enabled = true,
                is_primary = NOT EXISTS (SELECT 1 FROM mfa_methods o WHERE o.user_id = $2 AND o.is_enabled AND o.is_primary)
          WHERE id = $1`,
        [method.id, userId],
      );
      // The user just proved the second factor in this session.
      await tx.query('UPDATE sessions SET mfa_verified_at = now() WHERE id_hash = $1', [caller.sessionIdHash]);
    });
    await ctx.audit('MfaMethodEnabled', userId, { methodId: method.id, type: method.method_type });
    return null;
  },

  async DisableTwoFactorAuthentication(ctx, body) {
    const { caller, userId, method } = await callersOwnMethod(ctx, body.authenticationMethodId);
    await ctx.db.transaction(async (tx) => {
      await tx.query('DELETE FROM mfa_methods WHERE id = $1', [method.id]);
      if (method.is_primary) {
        await tx.query(
          `UPDATE mfa_methods SET is_primary = true WHERE id =
             (SELECT id FROM mfa_methods WHERE user_id = $1 AND is_enabled ORDER BY created_at, id LIMIT 1)`,
          [userId],
        );
      }
      // A policy that demands MFA keeps the last method (rolled back).
      const after = await loadUser(tx, userId);
      if (method.is_enabled && after?.user.MustSetupMfa) throw fault(409, 'identity.mfaLastMethodRequired');
    });
    await ctx.audit('MfaMethodRemoved', userId, { methodId: method.id, type: method.method_type });
    // Whoever held the removed passkey may be signed in elsewhere with it: only this session stays (issue 23).
    if (method.method_type === 'PASSKEY') await endSessionsOfUser(ctx, userId, { keepHash: caller.sessionIdHash });
    return null;
  },

  async SetNameTwoFactorAuthentication(ctx, body) {
    const { method } = await callersOwnMethod(ctx, body.authenticationMethodId);
    await ctx.db.query('UPDATE mfa_methods SET name = $2 WHERE id = $1', [method.id, body.newName.trim() || method.name]);
    return null;
  },

  async SetPrimaryTwoFactorAuthentication(ctx, body) {
    const { userId, method } = await callersOwnMethod(ctx, body.authenticationMethodId);
    if (!method.is_enabled) throw fault(404, 'identity.mfaMethodUnknown');
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE mfa_methods SET is_primary = (id = $2) WHERE user_id = $1', [userId, method.id]);
    });
    await ctx.audit('MfaPrimaryChanged', userId, { methodId: method.id });
    return null;
  },

  async GetTwoFactorAuthenticationMethods(ctx) {
    const caller = requireCaller(ctx);
    const rows = await ctx.db.query<MethodRow>(
      `SELECT id, method_type, name, is_primary, is_enabled FROM mfa_methods
        WHERE user_id = $1 AND is_enabled ORDER BY is_primary DESC, created_at, id`,
      [caller.loaded.user.UserAccountId],
    );
    return rows.map((row) => ({ Id: row.id, Type: row.method_type, Name: row.name, IsPrimary: row.is_primary, IsEnabled: row.is_enabled }));
  },

  async HasEnabledTwoFactorAuthentication(ctx, body) {
    const row = await ctx.db.one('SELECT 1 FROM mfa_methods WHERE user_id = $1 AND is_enabled LIMIT 1', [body.userAccountId]);
    return row !== undefined;
  },

  async DisableMfaForUser(ctx, body) {
    const caller = requireCaller(ctx);
    const target = await ctx.db.one<{ language: string }>('SELECT language FROM users WHERE account_id = $1', [body.userAccountId]);
    if (!target) throw fault(404, 'identity.userUnknown');
    await requireAdminStepUp(ctx, caller);
    await ctx.db.transaction(async (tx) => {
      await tx.query('DELETE FROM mfa_methods WHERE user_id = $1', [body.userAccountId]);
      // Tokens made while the removed methods guarded the account go with them (README: what ends a token).
      await revokeTokensOfUser(tx, { userId: body.userAccountId, actorId: caller.loaded.user.UserAccountId, reason: 'mfaReset', ip: ctx.request.ip });
      await tx.query(
        `INSERT INTO audit_log (account_id, actor_user_id, impersonator_user_id, action, details, ip) VALUES ($1, $2, $3, 'MfaDisabledForUser', '{}'::jsonb, $4)`,
        [body.userAccountId, caller.loaded.user.UserAccountId, caller.impersonatorId, ctx.request.ip],
      );
    });
    ctx.callers.forgetUser(body.userAccountId);
    // Whoever signed in with the removed methods is signed out everywhere, and the user learns of it (issue 23).
    await endSessionsOfUser(ctx, body.userAccountId, { keepHash: caller.sessionIdHash });
    await mailMfaReset(ctx, body.userAccountId, target.language);
    return null;
  },

  async GetMFAPolicy(ctx, body) {
    const company = await companyAccount(ctx.db, body.companyAccountId);
    return readPolicy(ctx.db, company.id, false);
  },

  async GetHierarchyMFAPolicy(ctx, body) {
    const company = await companyAccount(ctx.db, body.companyAccountId);
    return readPolicy(ctx.db, company.id, true);
  },

  async UpdateMFAPolicy(ctx, body) {
    return savePolicy(ctx, body.companyMFAPolicy, false);
  },

  async UpdateHierarchyMFAPolicy(ctx, body) {
    return savePolicy(ctx, body.companyMFAPolicy, true);
  },
});
