/**
 * API tokens (issue 26): create (shown once, stored hashed), list with last use, revoke.
 * Personal tokens belong to their user; service tokens to an account, managed there by whoever
 * holds USERS Create within reach. What a token may do at a call is decided in
 * server/auth/api-tokens (token-caller.ts); here only what it may be given.
 */
import type { Static } from '@sinclair/typebox';
import type { ApiTokenSchema } from '../../../contract/services/api-tokens';
import { isWithin } from '../../auth/access';
import { hasCapability } from '../../auth/session-user';
import { newTokenSecret, hashTokenSecret, shownPrefix } from '../../auth/api-tokens/token-secret';
import { flagsNotHeld, normalisedCapabilities, type TokenCapability } from '../../auth/api-tokens/token-reach';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { parseRange } from '../lifecycle/ip-rules';
import { requireCaller, type Caller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { refuseWhileImpersonating } from '../identity/mfa';
import { revokeTokensOfUser } from './revoke-tokens';

type ApiToken = Static<typeof ApiTokenSchema>;

/** Accounts a service token may work for: organisations and departments (not a person or a product). */
const SERVICE_ACCOUNT_TYPES = ['Company', 'Reseller', 'Vendor', 'Department'];

const LIST_SQL = `
SELECT t.id, t.kind, t.name, t.prefix, t.capabilities, t.allowed_ips, t.account_id, a.display_name AS account_name,
       u.username AS created_by, t.created_at, t.expires_at, t.last_used_at, t.last_used_ip, t.revoked_at
  FROM api_tokens t
  JOIN users u ON u.account_id = t.user_id
  LEFT JOIN accounts a ON a.id = t.account_id`;

interface TokenRow {
  id: number;
  kind: 'personal' | 'service';
  name: string;
  prefix: string;
  capabilities: TokenCapability[];
  allowed_ips: string[];
  account_id: number | null;
  account_name: string | null;
  created_by: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  last_used_ip: string | null;
  revoked_at: Date | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toApiToken(row: TokenRow): ApiToken {
  return {
    Id: Number(row.id),
    Kind: row.kind,
    Name: row.name,
    Prefix: row.prefix,
    Capabilities: row.capabilities,
    AllowedIps: row.allowed_ips,
    AccountId: row.account_id === null ? null : Number(row.account_id),
    AccountName: row.account_name,
    CreatedBy: row.created_by,
    CreatedAt: iso(row.created_at) as string,
    ExpiresAt: iso(row.expires_at) as string,
    LastUsedAt: iso(row.last_used_at),
    LastUsedIp: row.last_used_ip,
    RevokedAt: iso(row.revoked_at),
    State: row.revoked_at !== null ? 'revoked' : new Date(row.expires_at).getTime() <= Date.now() ? 'expired' : 'active',
  };
}

interface NewToken {
  kind: 'personal' | 'service';
  name: string;
  expiresInDays: number;
  capabilities: TokenCapability[];
  allowedIps?: string[] | null;
  accountId: number | null;
}

/** What a token may be given: flags the creator holds, addresses that parse. Made by a person, never while impersonating. */
function checkedGrant(caller: Caller, token: NewToken): { capabilities: TokenCapability[]; allowedIps: string[] } {
  if (caller.impersonatorId !== null) throw fault(403, 'identity.notWhileImpersonating');
  const notHeld = flagsNotHeld(caller.loaded.user.Capability, token.capabilities);
  if (notHeld.length > 0) throw fault(403, 'apiTokens.notHeld', { capabilities: notHeld.join(', ') });
  const capabilities = normalisedCapabilities(token.capabilities);
  if (capabilities.length === 0) throw fault(400, 'apiTokens.noCapability');
  const allowedIps = (token.allowedIps ?? []).map((entry) => entry.trim());
  const invalid = allowedIps.find((entry) => parseRange(entry) === undefined);
  if (invalid !== undefined) throw fault(400, 'lifecycle.invalidIpRange', { entry: invalid.slice(0, 100) });
  return { capabilities, allowedIps: [...new Set(allowedIps)] };
}

async function createToken(ctx: ServiceContext, token: NewToken) {
  const caller = requireCaller(ctx);
  const { capabilities, allowedIps } = checkedGrant(caller, token);
  const secret = newTokenSecret();
  const userId = caller.loaded.user.UserAccountId;
  const row = await ctx.db.transaction(async (tx) => {
    const inserted = await tx.one<{ id: number }>(
      `INSERT INTO api_tokens (kind, name, user_id, account_id, secret_hash, prefix, capabilities, allowed_ips, expires_at, issued_path)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now() + make_interval(days => $9::int), (SELECT path FROM accounts WHERE id = $3)) RETURNING id`,
      [token.kind, token.name, userId, token.accountId, hashTokenSecret(secret), shownPrefix(secret), JSON.stringify(capabilities), JSON.stringify(allowedIps), token.expiresInDays],
    );
    const id = Number(inserted!.id);
    const action = token.kind === 'service' ? 'ServiceTokenCreated' : 'ApiTokenCreated';
    await tx.query(`INSERT INTO audit_log (account_id, actor_user_id, action, details, ip) VALUES ($1, $2, $3, $4, $5)`, [
      token.accountId ?? userId,
      userId,
      action,
      JSON.stringify({ tokenName: token.name, apiTokenId: id, ...(token.accountId !== null ? { accountId: token.accountId } : {}), expiresInDays: token.expiresInDays }),
      ctx.request.ip,
    ]);
    return (await tx.one<TokenRow>(`${LIST_SQL} WHERE t.id = $1`, [id]))!;
  });
  return { Token: secret, ApiToken: toApiToken(row) };
}

async function listTokens(db: Queryable, where: string, value: number): Promise<ApiToken[]> {
  const rows = await db.query<TokenRow>(`${LIST_SQL} WHERE ${where} ORDER BY t.created_at DESC, t.id DESC LIMIT 500`, [value]);
  return rows.map(toApiToken);
}

/** A service token is managed by whoever may make one for its account (USERS Create within reach). */
const managesServiceTokensOf = (caller: Caller, accountPath: string) =>
  hasCapability(caller.loaded.user.Capability, 'USERS', 'Create') && isWithin(accountPath, caller.loaded.scopePath);

/** A user's personal tokens are seen and revoked by administrators reaching that user (USERS Execute). */
const administersUserAt = (caller: Caller, userPath: string) =>
  hasCapability(caller.loaded.user.Capability, 'USERS', 'Execute') && isWithin(userPath, caller.loaded.scopePath);

async function assertAdministers(ctx: ServiceContext, caller: Caller, userAccountId: number): Promise<void> {
  const user = await ctx.db.one<{ path: string }>(`SELECT a.path FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.account_id = $1`, [userAccountId]);
  if (!user || !isWithin(user.path, caller.loaded.scopePath)) throw fault(403, 'outOfScope');
  if (!administersUserAt(caller, user.path)) throw fault(403, 'forbidden');
}

export const apiTokenHandlers = defineHandlers('Authorization', {
  async CreateApiToken(ctx, { name, expiresInDays, capabilities, allowedIps, accountId }) {
    return createToken(ctx, { kind: 'personal', name, expiresInDays, capabilities, allowedIps, accountId: accountId ?? null });
  },

  async CreateServiceToken(ctx, { accountId, name, expiresInDays, capabilities, allowedIps }) {
    const account = await ctx.db.one<{ account_type: string }>('SELECT account_type FROM accounts WHERE id = $1', [accountId]);
    if (!account || !SERVICE_ACCOUNT_TYPES.includes(account.account_type)) throw fault(400, 'apiTokens.notOrganisation');
    return createToken(ctx, { kind: 'service', name, expiresInDays, capabilities, allowedIps, accountId });
  },

  async ListApiTokens(ctx, { userAccountId }) {
    const caller = requireCaller(ctx);
    refuseWhileImpersonating(caller);
    const own = caller.loaded.user.UserAccountId;
    if (userAccountId != null && userAccountId !== own) await assertAdministers(ctx, caller, userAccountId);
    return listTokens(ctx.db, `t.kind = 'personal' AND t.user_id = $1`, userAccountId ?? own);
  },

  async RevokeMyApiTokens(ctx) {
    const caller = requireCaller(ctx);
    refuseWhileImpersonating(caller);
    const userId = caller.loaded.user.UserAccountId;
    return ctx.db.transaction((tx) => revokeTokensOfUser(tx, { userId, actorId: userId, reason: 'allByHolder', ip: ctx.request.ip }));
  },

  async ListServiceTokens(ctx, { accountId }) {
    return listTokens(ctx.db, `t.kind = 'service' AND t.account_id = $1`, accountId);
  },

  async RevokeApiToken(ctx, { apiTokenId }) {
    const caller = requireCaller(ctx);
    // As listing: the impersonated user's tokens are not the impersonator's to manage.
    refuseWhileImpersonating(caller);
    const token = await ctx.db.one<{ kind: string; name: string; user_id: number; holder_path: string; account_id: number | null; account_path: string | null; revoked: boolean }>(
      `SELECT t.kind, t.name, t.user_id, h.path AS holder_path, t.account_id, a.path AS account_path, t.revoked_at IS NOT NULL AS revoked
         FROM api_tokens t JOIN accounts h ON h.id = t.user_id LEFT JOIN accounts a ON a.id = t.account_id WHERE t.id = $1`,
      [apiTokenId],
    );
    const userId = caller.loaded.user.UserAccountId;
    const mine = token?.kind === 'personal' && Number(token.user_id) === userId;
    const administered = token?.kind === 'personal' && !mine && administersUserAt(caller, token.holder_path);
    const managed = token?.kind === 'service' && token.account_path !== null && managesServiceTokensOf(caller, token.account_path);
    // Someone else's token is answered as unknown: its existence is not told.
    if (!token || !(mine || administered || managed)) throw fault(404, 'apiTokens.notFound');
    if (token.revoked) return null;
    await ctx.db.transaction(async (tx) => {
      await tx.query('UPDATE api_tokens SET revoked_at = now(), revoked_by = $2, revoked_reason = $3 WHERE id = $1 AND revoked_at IS NULL', [
        apiTokenId,
        userId,
        administered ? 'byAdministrator' : null,
      ]);
      await tx.query(`INSERT INTO audit_log (account_id, actor_user_id, action, details, ip) VALUES ($1, $2, 'ApiTokenRevoked', $3, $4)`, [
        token.account_id ?? Number(token.user_id),
        userId,
        JSON.stringify({ tokenName: token.name, apiTokenId }),
        ctx.request.ip,
      ]);
    });
    return null;
  },
});
