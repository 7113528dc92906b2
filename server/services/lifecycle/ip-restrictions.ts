/**
 * IP restrictions of a company (IpRestrictions service): stored per
 * organisation in ip_restrictions, enforced for that organisation's users at
 * sign-in and on every service call (the dispatcher calls
 * enforceIpRestrictions). Each refusal is audited (IpRestrictionRefused).
 */
import type { FastifyRequest } from 'fastify';
import { isWithin } from '../../auth/access';
import type { LoadedUser } from '../../auth/session-user';
import type { Db, Queryable } from '../../db/db';
import { excerpt, fault, ServiceFault } from '../../fault';
import { requireCaller, type ServiceContext } from '../context';
import { defineHandlers } from '../define-handlers';
import { auditIn, loadNode } from './account-nodes';
import { compileRestrictions, isAddressAllowed, parseEntry, type CompiledRestrictions, type IpRestrictions } from './ip-rules';

const ORGANISATION_TYPES = ['Company', 'Reseller', 'Vendor'];
const EMPTY: IpRestrictions = { IsEnabled: false, Entries: [] };
/** Compiled restrictions are kept this long per organisation (forgotten at once on save by this instance). */
const CACHE_MS = 2000;

const cacheByDb = new WeakMap<object, Map<number, { compiled: CompiledRestrictions; expires: number }>>();
const cacheOf = (db: object) => {
  let cache = cacheByDb.get(db);
  if (!cache) cacheByDb.set(db, (cache = new Map()));
  return cache;
};

async function storedRestrictions(db: Queryable, organisationId: number): Promise<IpRestrictions | undefined> {
  const row = await db.one<{ restrictions: IpRestrictions | unknown[] }>('SELECT restrictions FROM ip_restrictions WHERE account_id = $1', [organisationId]);
  // 0001 created the column with '[]' as its default: no entries.
  return row && !Array.isArray(row.restrictions) ? (row.restrictions as IpRestrictions) : undefined;
}

async function compiledFor(db: Db, organisationId: number): Promise<CompiledRestrictions> {
  const cache = cacheOf(db);
  const cached = cache.get(organisationId);
  if (cached && cached.expires > Date.now()) return cached.compiled;
  const compiled = compileRestrictions(await storedRestrictions(db, organisationId));
  if (cache.size > 10_000) cache.clear();
  cache.set(organisationId, { compiled, expires: Date.now() + CACHE_MS });
  return compiled;
}

/**
 * Refuses (403, audited) a user of an organisation whose restrictions do not
 * allow the request's address. `phase` says where: sign-in or a call.
 */
export async function enforceIpRestrictions(db: Db, user: LoadedUser, request: FastifyRequest, phase: 'sign-in' | 'call'): Promise<void> {
  const organisationId = user.user.CompanyAccount?.AccountId;
  if (!organisationId) return;
  const compiled = await compiledFor(db, organisationId);
  if (isAddressAllowed(compiled, request.ip)) return;
  const userId = user.user.UserAccountId;
  await db.query(`INSERT INTO audit_log (account_id, actor_user_id, action, details, ip) VALUES ($1, $1, 'IpRestrictionRefused', $2, $3)`, [
    userId,
    JSON.stringify({ phase, companyAccountId: organisationId, ip: request.ip }),
    request.ip,
  ]);
  request.log.warn({ event: 'ip-restriction-refused', userId, phase, ip: request.ip }, 'address refused by IP restrictions');
  throw fault(403, 'lifecycle.ipRefused', { ip: request.ip });
}

/** The organisation whose restrictions apply to an account: itself, else the nearest above it. */
async function organisationOf(db: Queryable, accountId: number): Promise<{ id: number; path: string } | undefined> {
  const account = await loadNode(db, accountId);
  const row = await db.one<{ id: number; path: string }>(
    `SELECT id, path FROM accounts WHERE id = ANY (string_to_array($1, '/')::bigint[]) AND account_type = ANY ($2::text[])
      ORDER BY length(path) DESC LIMIT 1`,
    [account.path, ORGANISATION_TYPES],
  );
  return row ? { id: Number(row.id), path: row.path } : undefined;
}

/** How many invalid pieces a refusal quotes, and how much of each: every one up to that, then their count. */
const QUOTED_PIECES = 10;
const QUOTED_PIECE_LENGTH = 40;

/** One refusal naming every piece that is not an IP range (one of them alone: the singular text). */
function invalidRangesFault(ctx: ServiceContext, invalid: readonly string[]) {
  const distinct = [...new Set(invalid)];
  if (distinct.length === 1) return fault(400, 'lifecycle.invalidIpRange', { entry: distinct[0].slice(0, 100) });
  const quoted = distinct.slice(0, QUOTED_PIECES).map((piece) => excerpt(piece).slice(0, QUOTED_PIECE_LENGTH));
  const more = distinct.length - quoted.length;
  const entries = `${quoted.join(', ')}${more > 0 ? ` (+${more})` : ''}`;
  // Built here, bounded above: fault()'s 200-character excerpt would cut the list short.
  return new ServiceFault(400, 'lifecycle.invalidIpRanges', { entries }, ctx.t('lifecycle.invalidIpRanges', { entries }));
}

export const ipRestrictionHandlers = defineHandlers('IpRestrictions', {
  async GetAuthorizationRestrictions(ctx, { accountId }) {
    const caller = requireCaller(ctx);
    const organisation = await organisationOf(ctx.db, accountId);
    // The organisation may lie above the caller's reach (a department's user asking): then nothing is shown.
    if (!organisation || !isWithin(organisation.path, caller.loaded.scopePath)) return EMPTY;
    return (await storedRestrictions(ctx.db, organisation.id)) ?? EMPTY;
  },

  async SaveAuthorizationRestrictions(ctx, { companyAccountId, restrictions }) {
    const caller = requireCaller(ctx);
    const company = await loadNode(ctx.db, companyAccountId);
    if (!ORGANISATION_TYPES.includes(company.account_type)) throw fault(400, 'lifecycle.notOrganisation');
    const invalid = restrictions.Entries.flatMap((entry) => {
      const parsed = parseEntry(entry.Ranges);
      return 'invalid' in parsed ? parsed.invalid : [];
    });
    if (invalid.length > 0) throw invalidRangesFault(ctx, invalid);
    const saved: IpRestrictions = {
      IsEnabled: restrictions.IsEnabled,
      Entries: restrictions.Entries.map((entry) => ({
        Type: entry.Type,
        Ranges: entry.Ranges.split(',').map((piece) => piece.trim()).join(', '),
        ...(entry.Description ? { Description: entry.Description } : {}),
      })),
    };
    // The saving admin's own organisation: a list that refuses the admin's address now would lock it out.
    if (caller.loaded.user.CompanyAccount?.AccountId === company.id && !isAddressAllowed(compileRestrictions(saved), ctx.request.ip)) {
      throw fault(400, 'lifecycle.ipLockout', { ip: ctx.request.ip });
    }
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO ip_restrictions (account_id, restrictions) VALUES ($1, $2)
         ON CONFLICT (account_id) DO UPDATE SET restrictions = EXCLUDED.restrictions`,
        [company.id, JSON.stringify(saved)],
      );
      await auditIn(tx, ctx, 'IpRestrictionsSaved', company.id, {
        isEnabled: saved.IsEnabled,
        allow: saved.Entries.filter((entry) => entry.Type === 'Allow').map((entry) => entry.Ranges),
        deny: saved.Entries.filter((entry) => entry.Type === 'Deny').map((entry) => entry.Ranges),
      });
    });
    cacheOf(ctx.db).delete(company.id);
    return saved;
  },
});
