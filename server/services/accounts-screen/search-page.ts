/**
 * The search results page (issue 16): the header search's account query
 * (server/services/search/search.ts: the GIN index of migration 0004, user names,
 * the caller's reach), paged with an offset, one row more than asked telling
 * whether there are more.
 */
import type { Queryable } from '../../db/db';
import { searchAccounts } from '../search/search';

export const SEARCH_PAGE_SIZE = 25;

export async function searchAccountsPage(db: Queryable, scopePath: string, text: string, startRow: number, pageSize = SEARCH_PAGE_SIZE) {
  const rows = await searchAccounts(db, scopePath, text, pageSize + 1, startRow);
  return { Accounts: rows.slice(0, pageSize), HasMore: rows.length > pageSize };
}
