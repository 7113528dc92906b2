/**
 * Passkeys (issue 23): adding one (a discoverable credential, user verification
 * required) and signing in with one, alone or as the second step after the
 * password. A passkey is an MFA method (mfa_methods, type PASSKEY) with its
 * public key in webauthn_credentials. Every refusal is audited and answered
 * with a sentence, never a 500: a forged or replayed answer, a challenge older
 * than five minutes, a passkey of another user.
 */
import type { Static } from '@sinclair/typebox';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyResponseSchema } from '../../../contract/services/identity-extensions';
import { hasCapability, loadUser } from '../../auth/session-user';
import { mfaPendingUserId } from '../../auth/mfa-pending';
import {
  bindingHashOf,
  issueChallenge,
  passkeyByCredentialId,
  passkeysOfUser,
  relyingParty,
  takeChallenge,
  userHandleOf,
  CHALLENGE_TTL_SECONDS,
} from '../../auth/webauthn';
import { passkeyBinding, signInBindingHash } from '../../auth/passkey-binding';
import { fault } from '../../fault';
import type { ServerTextKey } from '../../texts';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { enforceIpRestrictions } from '../lifecycle/ip-restrictions';
import { issuerName, refuseWhileImpersonating } from './mfa';
import { openSession } from './open-session';

type PasskeyResponse = Static<typeof PasskeyResponseSchema>;

/** As many as other methods (services/identity/mfa.ts): enough for every device a person has. */
const MAX_METHODS_PER_USER = 10;

interface PasskeyRow {
  id: number;
  name: string;
  is_primary: boolean;
  created_at: Date;
  last_used_at: Date | null;
  backed_up: boolean;
}

const passkeyResult = (row: PasskeyRow) => ({
  Id: row.id,
  Name: row.name,
  IsPrimary: row.is_primary,
  CreatedAt: new Date(row.created_at).toISOString(),
  LastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
  BackedUp: row.backed_up,
});

const PASSKEY_SQL = `SELECT m.id, m.name, m.is_primary, m.created_at, m.last_used_at, c.backed_up
  FROM mfa_methods m JOIN webauthn_credentials c ON c.method_id = m.id`;

/** Audits a refused passkey answer and answers the sentence for it. */
async function refuse(ctx: ServiceContext, userId: number | null, reason: string, status: 400 | 401 | 409, textKey: ServerTextKey): Promise<never> {
  await ctx.audit('PasskeyRefused', userId, { reason });
  ctx.log.warn({ event: 'passkey-refused', userId, reason }, 'passkey answer refused');
  throw fault(status, textKey);
}

/** The challenge the answer signed, used up; refused when unknown (forged, replayed), expired or another browser's. */
async function challengeOf(ctx: ServiceContext, credential: PasskeyResponse, purpose: 'register' | 'sign-in', status: 400 | 401, userId: number | null, bindingHash: string | undefined) {
  const taken = await takeChallenge(ctx.db, credential.response.clientDataJSON, purpose, bindingHash);
  if (taken.ok) return taken;
  return refuse(ctx, userId, `challenge ${taken.reason}`, status, taken.reason === 'expired' ? 'identity.passkey.challengeExpired' : 'identity.passkey.challengeUnknown');
}

/** An answer the library cannot even read counts as forged: refused like a wrong signature. */
async function verified<T>(ctx: ServiceContext, userId: number | null, status: 400 | 401, check: () => Promise<T & { verified: boolean }>): Promise<T> {
  let result: (T & { verified: boolean }) | undefined;
  try {
    result = await check();
  } catch (error) {
    ctx.log.info({ err: error }, 'passkey answer did not verify');
  }
  if (!result?.verified) await refuse(ctx, userId, 'verification failed', status, 'identity.passkey.refused');
  return result as T;
}

export const passkeyAccountHandlers = defineHandlers('Account', {
  async StartPasskeyRegistration(ctx) {
    const caller = requireCaller(ctx);
    refuseWhileImpersonating(caller);
    const user = caller.loaded.user;
    const existing = await passkeysOfUser(ctx.db, user.UserAccountId);
    const rp = relyingParty(ctx.config);
    // Registration is bound to the session that asked (another browser of the same user cannot answer it).
    const challenge = await issueChallenge(ctx.db, 'register', user.UserAccountId, bindingHashOf(caller.sessionIdHash));
    return generateRegistrationOptions({
      rpName: issuerName(ctx.config),
      rpID: rp.id,
      userName: user.Username,
      userID: new Uint8Array(Buffer.from(await userHandleOf(ctx.db, user.UserAccountId), 'base64url')),
      userDisplayName: String(user.UserAccount.Views.Values.DisplayName ?? user.Username),
      // As bytes: the options then carry exactly the stored base64url text, which the browser signs.
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: CHALLENGE_TTL_SECONDS * 1000,
      attestationType: 'none',
      excludeCredentials: existing.map(({ credential }) => ({ id: credential.id, transports: credential.transports })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
    });
  },

  async FinishPasskeyRegistration(ctx, body) {
    const caller = requireCaller(ctx);
    refuseWhileImpersonating(caller);
    const userId = caller.loaded.user.UserAccountId;
    const taken = await challengeOf(ctx, body.credential, 'register', 400, userId, bindingHashOf(caller.sessionIdHash));
    if (taken.userId !== userId) return refuse(ctx, userId, 'challenge of another user', 400, 'identity.passkey.challengeUnknown');
    const rp = relyingParty(ctx.config);
    const { registrationInfo } = await verified(ctx, userId, 400, () =>
      verifyRegistrationResponse({
        response: body.credential as unknown as RegistrationResponseJSON,
        expectedChallenge: taken.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }),
    );
    const info = registrationInfo!;
    const enabled = await ctx.db.one<{ count: number }>('SELECT count(*)::int AS count FROM mfa_methods WHERE user_id = $1 AND is_enabled', [userId]);
    if ((enabled?.count ?? 0) >= MAX_METHODS_PER_USER) throw fault(400, 'identity.mfaTooManyMethods');
    if (await passkeyByCredentialId(ctx.db, info.credential.id)) return refuse(ctx, userId, 'already registered', 409, 'identity.passkey.alreadyRegistered');
    const name = body.name?.trim() || ctx.t('identity.passkey.defaultName');
    const row = await ctx.db.transaction(async (tx) => {
      const method = await tx.one<{ id: number }>(
        `INSERT INTO mfa_methods (user_id, method_type, name, is_enabled, is_primary)
         VALUES ($1, 'PASSKEY', $2, true, NOT EXISTS (SELECT 1 FROM mfa_methods o WHERE o.user_id = $1 AND o.is_enabled AND o.is_primary))
         RETURNING id`,
        [userId, name],
      );
      await tx.query(
        `INSERT INTO webauthn_credentials (method_id, credential_id, public_key, counter, transports, backup_eligible, backed_up, aaguid, user_handle)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, (SELECT webauthn_user_handle FROM users WHERE account_id = $9))`,
        [
          method!.id,
          info.credential.id,
          Buffer.from(info.credential.publicKey).toString('base64url'),
          info.credential.counter,
          JSON.stringify(info.credential.transports ?? []),
          info.credentialDeviceType === 'multiDevice',
          info.credentialBackedUp,
          info.aaguid,
          userId,
        ],
      );
      // The user just proved a second factor in this session (as enabling a code method does).
      await tx.query('UPDATE sessions SET mfa_verified_at = now() WHERE id_hash = $1', [caller.sessionIdHash]);
      return tx.one<PasskeyRow>(`${PASSKEY_SQL} WHERE m.id = $1`, [method!.id]);
    });
    await ctx.audit('PasskeyAdded', userId, { methodId: row!.id, backedUp: row!.backed_up });
    return passkeyResult(row!);
  },

  async GetPasskeys(ctx) {
    const caller = requireCaller(ctx);
    const rows = await ctx.db.query<PasskeyRow>(`${PASSKEY_SQL} WHERE m.user_id = $1 AND m.is_enabled ORDER BY m.created_at, m.id`, [
      caller.loaded.user.UserAccountId,
    ]);
    return rows.map(passkeyResult);
  },
});

export const passkeyAuthorizationHandlers = defineHandlers('Authorization', {
  /** Any discoverable passkey; between password and second factor only that user's (the pending cookie). */
  async StartPasskeySignIn(ctx) {
    const pendingUserId = (await mfaPendingUserId(ctx.db, ctx.request)) ?? null;
    const allowed = pendingUserId ? await passkeysOfUser(ctx.db, pendingUserId) : [];
    // Bound to this browser (a cookie): an answer to it is accepted from this browser only.
    const challenge = await issueChallenge(ctx.db, 'sign-in', pendingUserId, passkeyBinding(ctx.request, ctx.reply));
    return generateAuthenticationOptions({
      rpID: relyingParty(ctx.config).id,
      // As bytes: the options then carry exactly the stored base64url text, which the browser signs.
      challenge: Buffer.from(challenge, 'base64url'),
      timeout: CHALLENGE_TTL_SECONDS * 1000,
      userVerification: 'required',
      allowCredentials: allowed.map(({ credential }) => ({ id: credential.id, transports: credential.transports })),
    });
  },

  async FinishPasskeySignIn(ctx, body) {
    const credential = body.credential;
    const taken = await challengeOf(ctx, credential, 'sign-in', 401, null, signInBindingHash(ctx.request));
    const passkey = await passkeyByCredentialId(ctx.db, credential.id);
    if (!passkey) return refuse(ctx, taken.userId, 'unknown credential', 401, 'identity.passkey.unknown');
    // The second step after a password must be that user's passkey; a stored user handle must name its owner.
    const handle = credential.response.userHandle;
    if ((taken.userId !== null && taken.userId !== passkey.userId) || (handle && handle !== passkey.userHandle)) {
      return refuse(ctx, taken.userId ?? passkey.userId, 'credential of another user', 401, 'identity.passkey.otherUser');
    }
    const rp = relyingParty(ctx.config);
    const { authenticationInfo } = await verified(ctx, passkey.userId, 401, () =>
      verifyAuthenticationResponse({
        response: credential as unknown as AuthenticationResponseJSON,
        expectedChallenge: taken.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        credential: passkey.credential,
        requireUserVerification: true,
      }),
    );
    // The counter only grows (a cloned authenticator shows an older one; the library refused that already).
    await ctx.db.query(
      `UPDATE webauthn_credentials SET counter = $2, backed_up = $3 WHERE method_id = $1`,
      [passkey.methodId, authenticationInfo.newCounter, authenticationInfo.credentialBackedUp],
    );
    await ctx.db.query('UPDATE mfa_methods SET last_used_at = now() WHERE id = $1', [passkey.methodId]);

    const loaded = await loadUser(ctx.db, passkey.userId);
    if (!loaded) return refuse(ctx, passkey.userId, 'unknown credential', 401, 'identity.passkey.unknown');
    if (!hasCapability(loaded.user.Capability, 'LOGIN', 'Execute')) {
      await ctx.audit('SignInRefused', passkey.userId, { reason: 'missing LOGIN capability' });
      throw fault(403, 'missingLoginCapability');
    }
    await enforceIpRestrictions(ctx.db, loaded, ctx.request, 'sign-in');
    // Something the user has (the authenticator) and is or knows (its user verification): both factors.
    return openSession(ctx, loaded, { mfaVerified: true, details: { mfa: true, passkey: true } });
  },
});
