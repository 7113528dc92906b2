/**
 * The impersonate dialog's list (issue 21): the users on or below an account,
 * each with the capabilities it holds, so the dialog can say who cannot be
 * impersonated and why before one is chosen. One statement for the whole list;
 * the capabilities are the session user's (same roles rule, same implications).
 */
import { withImpliedCapabilities, type Capability } from '../../../contract';
import { heldCapabilitiesSql } from '../../auth/held-roles';
import type { Queryable } from '../../db/db';
import { MAX_COMPANY_USERS } from '../accounts/company-users';

export interface CandidateRow {
  id: number;
  display_name: string;
  username: string;
  parent_name: string;
  capabilities: Capability[];
}

const CANDIDATES_SQL = `
SELECT a.id, a.display_name, u.username, p.display_name AS parent_name,
       ${heldCapabilitiesSql('a.id', 'a.path')} AS capabilities
  FROM accounts a
  JOIN users u ON u.account_id = a.id
  JOIN accounts p ON p.id = a.parent_id
 WHERE a.path LIKE $1 || '/%' AND a.account_type = 'User'
 ORDER BY lower(a.display_name), a.id
 LIMIT $2`;

/** The users below `path` (the first MAX_COMPANY_USERS by name), with their capabilities and what those imply. */
export async function impersonationCandidates(db: Queryable, path: string): Promise<CandidateRow[]> {
  const rows = await db.query<CandidateRow>(CANDIDATES_SQL, [path, MAX_COMPANY_USERS]);
  return rows.map((row) => ({ ...row, id: Number(row.id), capabilities: withImpliedCapabilities(row.capabilities) }));
}
