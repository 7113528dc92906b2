/**
 * The header's global search (spec §4, §7): accounts within the caller's reach
 * and the marketplace services the caller's organisation can see.
 */
import type { Queryable } from '../../db/db';
import { preparedStatement } from '../../db/prepared';
import { fault } from '../../fault';
import { requireCaller } from '../context';
import { defineHandlers } from '../define-handlers';

/** At most this many accounts per search: the header lists them, it is not a report. */
export const ACCOUNT_SEARCH_LIMIT = 20;
const MAX_QUERY_WORDS = 8;

/**
 * The words of a search text as a prefix tsquery ("contoso:* & ltd:*"), or
 * undefined when the text has none. Only letters and digits survive, so user
 * input can never carry tsquery syntax.
 */
export function prefixQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.slice(0, MAX_QUERY_WORDS) ?? [];
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : undefined;
}

/** The text as PostgreSQL receives it: a lone surrogate becomes U+FFFD (UTF-8 has none). */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/**
 * The least text above every text that starts with `prefix`, in code point order (UTF-8's byte order,
 * which `~<~` compares in): its last character moved one up (a last U+10FFFF is dropped first). A lone
 * surrogate is taken as the U+FFFD it is sent as. Undefined when there is none (only U+10FFFF).
 */
export function prefixUpperBound(prefix: string): string | undefined {
  const chars = Array.from(wellFormed(prefix));
  while (chars.length && chars[chars.length - 1].codePointAt(0)! >= 0x10ffff) chars.pop();
  if (!chars.length) return undefined;
  const last = chars.pop()!.codePointAt(0)! + 1;
  // No code point in the surrogate range exists in UTF-8: U+D7FF is followed by U+E000.
  return chars.join('') + String.fromCodePoint(last === 0xd800 ? 0xe000 : last);
}

/** The text lower-cased for a `LIKE` pattern, with the user's %, _ and \\ taken literally. */
export const likeLiteral = (text: string) => text.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`);

interface AccountHit {
  id: number;
  account_type: string;
  state: string;
  display_name: string;
  username: string | null;
  organisation: string | null;
}

// Accounts whose display name or identificator has every word (the GIN index on account_search_document,
// migration 0004), and users whose user name starts with the text; the path test keeps to the caller's
// reach. Names starting with the text come first. Each hit carries its user name and the account it sits
// in, so two users of one name can be told apart.
// The words are matched first, on their own (MATERIALIZED: the planner may not fold the reach into it):
// given both, PostgreSQL took the path index for a reach of a few hundred accounts and computed the search
// document of every one of them, per call (1.2 ms of PostgreSQL per SearchAccount, issue 37); the GIN index
// finds the few that match in 0.1–0.3 ms, and the reach is tested on those.
// Prepared (db/prepared.ts): planning cost more than running it (0.5–0.9 ms against 0.3). The user name
// prefix is also given as a range ($6 ≤ name < $7, byte order: users_username_prefix_idx, migration 0041),
// which a generic plan can take the index for; `LIKE $3` alone it can only test on every user.
const SEARCH_ACCOUNTS_SQL = preparedStatement('search-accounts', `
WITH matched AS MATERIALIZED (
  SELECT a.id, a.path FROM accounts a
   WHERE account_search_document(a.display_name, a.views) @@ to_tsquery('simple', $1)
), hits AS (
  SELECT id FROM matched WHERE path = $2 OR path LIKE $2 || '/%'
  UNION
  SELECT a.id FROM users u JOIN accounts a ON a.id = u.account_id
   WHERE lower(u.username) ~>=~ $6 AND lower(u.username) ~<~ $7 AND lower(u.username) LIKE $3
     AND (a.path = $2 OR a.path LIKE $2 || '/%')
)
SELECT a.id, a.account_type, a.state, a.display_name, u.username, parent.display_name AS organisation
  FROM hits JOIN accounts a ON a.id = hits.id
  LEFT JOIN users u ON u.account_id = a.id
  LEFT JOIN accounts parent ON parent.id = a.parent_id
 ORDER BY (lower(a.display_name) LIKE $3) DESC, a.state = 'Terminated', lower(a.display_name), a.id
 LIMIT $4 OFFSET $5`);

/** The accounts in reach matching a search text (SearchAccount, SearchAccountsPage): at most `limit` from `offset`. */
export async function searchAccounts(db: Queryable, scopePath: string, text: string, limit: number, offset = 0) {
  const trimmed = text.trim();
  const query = prefixQuery(trimmed);
  if (!query) return [];
  const lower = wellFormed(trimmed.toLowerCase());
  // A text of U+10FFFF only has no word, so it never reaches here: every other text has a bound.
  const upper = prefixUpperBound(lower) ?? lower;
  const rows = await db.query<AccountHit>(SEARCH_ACCOUNTS_SQL, [query, scopePath, `${likeLiteral(trimmed)}%`, limit, offset, lower, upper]);
  return rows.map((row) => ({
    AccountId: Number(row.id),
    AccountType: row.account_type,
    AccountState: row.state,
    DisplayName: row.display_name,
    // Accounts carry no picture of their own: the client picks the icon by AccountType.
    Icon: null,
    ...(row.username ? { UserName: row.username } : {}),
    Organisation: row.organisation,
  }));
}

interface ServiceHit {
  id: number;
  display_name: string;
  icon: string | null;
  total: string | number;
}

/**
 * Services the caller's organisation sees. `Root` (Explore): services of the
 * pricelists assigned to the nearest account on the caller's path that has
 * any (a company buys from its reseller's lists, not from the lists the
 * reseller buys from), of the pricelists the caller's own account owns, and
 * the services it vends. `OwnedServices` (service tool): the services it vends.
 * $1 = the caller's AccountPath.
 */
export const VISIBLE_SERVICES_SQL: Record<string, string> = {
  Root: `
    WITH chain AS (
      SELECT id::bigint AS id, ord FROM unnest(string_to_array($1, '/')) WITH ORDINALITY AS t(id, ord)
    ), own AS (
      SELECT id FROM chain ORDER BY ord DESC LIMIT 1
    ), buyer AS (
      SELECT c.id FROM chain c
       WHERE EXISTS (SELECT 1 FROM marketplace_customers mc WHERE mc.account_id = c.id)
       ORDER BY c.ord DESC LIMIT 1
    ), lists AS (
      SELECT marketplace_id AS id FROM marketplace_customers WHERE account_id IN (SELECT id FROM buyer)
      UNION SELECT id FROM marketplaces WHERE owner_account_id IN (SELECT id FROM own)
    )
    SELECT s.* FROM services s
     WHERE s.vendor_account_id IN (SELECT id FROM own)
        OR EXISTS (SELECT 1 FROM marketplace_services ms WHERE ms.service_id = s.id AND ms.marketplace_id IN (SELECT id FROM lists))`,
  OwnedServices: `
    SELECT s.* FROM services s
     WHERE s.vendor_account_id = (SELECT id::bigint FROM unnest(string_to_array($1, '/')) WITH ORDINALITY AS t(id, ord) ORDER BY ord DESC LIMIT 1)`,
};

/** Sort keys the search accepts (spec §3: Ranking; the service tool sorts by ModifyDate). */
export const ORDER_COLUMNS: Record<string, string> = {
  Ranking: 'ranking',
  ModifyDate: 'modified_at',
  DisplayName: 'lower(display_name)',
};

export const accountSearchHandlers = defineHandlers('Account', {
  async SearchAccount(ctx, body) {
    const caller = requireCaller(ctx);
    return searchAccounts(ctx.db, caller.loaded.scopePath, body.text, ACCOUNT_SEARCH_LIMIT);
  },
});

export const serviceSearchHandlers = defineHandlers('Marketplace', {
  async SearchServices(ctx, body) {
    const caller = requireCaller(ctx);
    const options = body.options ?? {};
    const source = options.Source?.Type ?? 'Root';
    // Own keys only: a source named like an Object method (toString) is unknown, not SQL.
    const visible = Object.hasOwn(VISIBLE_SERVICES_SQL, source) ? VISIBLE_SERVICES_SQL[source] : undefined;
    if (!visible) throw fault(400, 'shell.searchSourceUnsupported', { source });
    const orderKey = body.orderBy?.Key ?? 'Ranking';
    const orderColumn = Object.hasOwn(ORDER_COLUMNS, orderKey) ? ORDER_COLUMNS[orderKey] : undefined;
    if (!orderColumn) throw fault(400, 'shell.searchOrderUnsupported', { key: orderKey });
    const direction = body.orderBy?.Value === 'DESC' ? 'DESC' : 'ASC';

    const params: unknown[] = [caller.loaded.scopePath];
    const filters: string[] = [];
    const add = (sql: (placeholder: string) => string, value: unknown) => {
      params.push(value);
      filters.push(sql(`$${params.length}`));
    };
    const name = options.DisplayName?.trim();
    if (name) add((p) => `lower(display_name) LIKE ${p}`, `%${likeLiteral(name)}%`);
    if (options.OwnerAccountIds?.length) add((p) => `vendor_account_id = ANY(${p}::bigint[])`, options.OwnerAccountIds);
    if (options.ServiceCategories?.length) add((p) => `category = ANY(${p}::text[])`, options.ServiceCategories);
    if (options.ServiceTags?.length) add((p) => `tags && ${p}::text[]`, options.ServiceTags);
    if (options.ShowNewOnly) filters.push('is_new');
    params.push(body.limit ?? 100);

    const rows = await ctx.db.query<ServiceHit>(
      `SELECT id, display_name, icon, count(*) OVER () AS total
         FROM (${visible}) visible
        ${filters.length ? `WHERE ${filters.join(' AND ')}` : ''}
        ORDER BY ${orderColumn} ${direction}, lower(display_name), id
        LIMIT $${params.length}`,
      params,
    );
    return {
      Services: rows.map((row) => ({ Id: Number(row.id), DisplayName: row.display_name, Icon: row.icon })),
      TotalCount: rows.length ? Number(rows[0].total) : 0,
    };
  },
});
