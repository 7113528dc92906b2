/**
 * A call with `Authorization: Bearer mpt_…`: the dispatcher asks here who calls instead of the
 * session. The token is found by the SHA-256 of its secret; revoked (401), expired (401), used
 * from an address outside its list (403) or reaching nothing any more (403) it is refused; so is
 * (401) a token whose holder no longer stands behind it: terminated or suspended, without LOGIN,
 * or moved (it, or an account above it) since the token was made. All read from the database at
 * every call, so every instance refuses at once (no cached caller on this path). Its
 * caller is its creator as loaded now, narrowed to the token (token-reach.ts), so every access
 * declaration and handler applies unchanged. Every call of a known token, answered or refused,
 * is audited as "by token <name> of <user>" (auditTokenCall, one row per token, method, status
 * and minute with its count) and moves the token's last use and address.
 */
import type { FastifyRequest } from 'fastify';
import type { ServerDeps, Caller } from '../../services/context';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import { hasCapability, loadUser } from '../session-user';
import { countGuess } from './token-guessing';
import { parseAddress, parseRange, rangeContains } from '../../services/lifecycle/ip-rules';
import { hashTokenSecret } from './token-secret';
import { narrowCapabilities, narrowScope, type TokenCapability } from './token-reach';

interface TokenRow {
  id: number;
  kind: 'personal' | 'service';
  name: string;
  user_id: number;
  account_id: number | null;
  account_path: string | null;
  capabilities: TokenCapability[];
  allowed_ips: string[];
  expired: boolean;
  revoked: boolean;
  issued_path: string;
  holder_path: string | null;
  holder_state: string | null;
}

/** The token a request named (known, whether accepted or not), for the audit after the answer. */
const tokensOf = new WeakMap<FastifyRequest, { row: TokenRow; reason?: string }>();

const TOKEN_SQL = `
SELECT t.id, t.kind, t.name, t.user_id, t.account_id, a.path AS account_path, t.capabilities, t.allowed_ips,
       t.expires_at <= now() AS expired, t.revoked_at IS NOT NULL AS revoked,
       t.issued_path, h.path AS holder_path, h.state AS holder_state
  FROM api_tokens t LEFT JOIN accounts a ON a.id = t.account_id LEFT JOIN accounts h ON h.id = t.user_id
 WHERE t.secret_hash = $1`;

/** True when the list is empty (any address) or one of its entries holds the address. */
export function addressAllowed(allowedIps: readonly string[], ip: string): boolean {
  if (allowedIps.length === 0) return true;
  const address = parseAddress(ip.trim());
  if (!address) return false;
  return allowedIps.some((entry) => {
    const range = parseRange(entry);
    return range !== undefined && rangeContains(range, address);
  });
}

type RefusalReason = 'apiTokens.revoked' | 'apiTokens.expired' | 'apiTokens.addressRefused' | 'apiTokens.outOfReach' | 'apiTokens.invalid' | 'apiTokens.holderGone' | 'apiTokens.holderMoved';

function refuse(request: FastifyRequest, row: TokenRow, status: 401 | 403, reason: RefusalReason): never {
  tokensOf.set(request, { row, reason });
  throw fault(status, reason, { ip: request.ip });
}

/** The caller a bearer token stands for now, or a 401/403 saying why it stands for nobody. */
export async function resolveTokenCaller(deps: ServerDeps, request: FastifyRequest, secret: string | 'malformed'): Promise<Caller> {
  // A malformed or unknown token is a guess, counted per address (token-guessing.ts).
  if (secret === 'malformed') {
    await countGuess(deps, request);
    throw fault(401, 'apiTokens.malformed');
  }
  const row = await deps.db.one<TokenRow>(TOKEN_SQL, [hashTokenSecret(secret)]);
  if (!row) {
    await countGuess(deps, request);
    throw fault(401, 'apiTokens.invalid');
  }
  if (row.revoked) refuse(request, row, 401, 'apiTokens.revoked');
  if (row.expired) refuse(request, row, 401, 'apiTokens.expired');
  if (!addressAllowed(row.allowed_ips, request.ip)) refuse(request, row, 403, 'apiTokens.addressRefused');
  // The holder stands behind the token only while it is active, may sign in, and is where it was.
  if (row.holder_state !== 'Active') refuse(request, row, 401, 'apiTokens.holderGone');
  if (row.holder_path !== row.issued_path) refuse(request, row, 401, 'apiTokens.holderMoved');
  const creator = await loadUser(deps.db, row.user_id);
  if (!creator) refuse(request, row, 401, 'apiTokens.invalid');
  if (!hasCapability(creator.user.Capability, 'LOGIN', 'Execute')) refuse(request, row, 401, 'apiTokens.holderGone');
  const scopePath = narrowScope(creator.scopePath, row.account_path);
  if (scopePath === undefined) refuse(request, row, 403, 'apiTokens.outOfReach');
  tokensOf.set(request, { row });
  const id = `token:${row.id}`;
  return {
    // No session: the id names the token for the rate limit (per token) and the logs.
    sessionId: id,
    sessionIdHash: id,
    impersonatorId: null,
    token: { id: Number(row.id), name: row.name, kind: row.kind },
    loaded: {
      scopePath,
      user: { ...creator.user, AccountPath: scopePath, Capability: narrowCapabilities(creator.user.Capability, row.capabilities) },
    },
  };
}

/** A refusal before the caller was known (the method is not for tokens) still names the token. */
export function noteTokenRefusal(request: FastifyRequest, reason: string): void {
  const known = tokensOf.get(request);
  if (known) known.reason = reason;
}

async function writeTokenCall(db: Queryable, request: FastifyRequest, status: number): Promise<void> {
  const known = tokensOf.get(request);
  if (!known) return;
  const { row, reason } = known;
  const method = `${(request.params as { service?: string }).service}/${(request.params as { method?: string }).method}`;
  const minute = Math.floor(Date.now() / 60_000);
  const details = { tokenName: row.name, userAccountId: Number(row.user_id), method, status, calls: 1, ...(reason ? { reason } : {}) };
  await db.query(
    `INSERT INTO audit_log (account_id, actor_user_id, action, details, ip, fold_key)
     VALUES ($1, $2, 'ApiTokenUsed', $3, $4, $5)
     ON CONFLICT (fold_key) DO UPDATE
       SET details = jsonb_set(audit_log.details, '{calls}', to_jsonb(COALESCE((audit_log.details->>'calls')::int, 1) + 1))`,
    [row.account_id ?? row.user_id, row.user_id, JSON.stringify(details), request.ip, `token:${row.id}|${method}|${status}|${minute}`],
  );
  if (!reason) await db.query('UPDATE api_tokens SET last_used_at = now(), last_used_ip = $2 WHERE id = $1', [row.id, request.ip]);
}

/** After the answer: audit the call of a known token and note its use (never delays or fails the answer). */
export function auditTokenCall(deps: ServerDeps, request: FastifyRequest, status: number): void {
  if (!tokensOf.has(request)) return;
  void writeTokenCall(deps.db, request, status).catch((failure: unknown) => request.log.error({ err: failure }, 'could not audit an API token call'));
}
