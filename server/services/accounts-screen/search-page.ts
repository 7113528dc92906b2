/**
 * The search results page (issue 16): the header search's account query
 * (server/services/search/search.ts: the GIN index of migration 0004, the caller's
 * reach), paged with an offset, one row more than asked telling whether there
 * are more.
 */
import type { Queryable } from '../../db/db';
import { likeLiteral, prefixQuery } from '../search/search';

export const SEARCH_PAGE_SIZE = 25;

export async function searchAccountsPage(db: Queryable, scopePath: string, text: string, startRow: number, pageSize = SEARCH_PAGE_SIZE) {
  const trimmed = text.trim();
  const query = prefixQuery(trimmed);
  if (!query) return { Accounts: [], HasMore: false };
  const rows = await db.query<{ id: number; account_type: string; state: string; display_name: string }>(
    `SELECT a.id, a.account_type, a.state, a.display_name
       FROM accounts a
      WHERE account_search_document(a.display_name, a.views) @@ to_tsquery('simple', $1)
        AND (a.path = $2 OR a.path LIKE $2 || '/%')
      ORDER BY (lower(a.display_name) LIKE $3) DESC, a.state = 'Terminated', lower(a.display_name), a.id
      LIMIT $4 OFFSET $5`,
    [query, scopePath, `${likeLiteral(trimmed)}%`, pageSize + 1, startRow],
  );
  return {
    Accounts: rows.slice(0, pageSize).map((row) => ({
      AccountId: Number(row.id),
      AccountType: row.account_type,
      AccountState: row.state,
      DisplayName: row.display_name,
      Icon: null,
    })),
    HasMore: rows.length > pageSize,
  };
}
