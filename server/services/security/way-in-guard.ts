/**
 * No security change may lock people out for good (checked inside the change's transaction,
 * after it is applied, so the change and the check see the same data):
 * - the platform's root keeps at least one administrator — a user of the root account
 *   holding LOGIN Execute and ADMINISTRATIVE Execute — who could repair anything else;
 * - the caller keeps its own LOGIN Execute (nobody removes their own last way in).
 */
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import type { Grant } from './security-grants';

interface HolderRow {
  user_id: number;
  capabilities: { ObjectType: string; Execute?: boolean; Value?: string }[];
}

const holdsExecute = (row: HolderRow, objectType: string) =>
  row.capabilities.some((entry) => entry.ObjectType === objectType && entry.Execute === true && !entry.Value);

/** Every capability entry each user holds through its roles, for the users the WHERE clause picks. */
async function capabilitiesOf(tx: Queryable, where: string, params: unknown[]): Promise<HolderRow[]> {
  return tx.query<HolderRow>(
    `SELECT u.account_id AS user_id,
            coalesce(jsonb_agg(entry) FILTER (WHERE entry IS NOT NULL), '[]'::jsonb) AS capabilities
       FROM users u
       JOIN accounts a ON a.id = u.account_id
       LEFT JOIN user_roles ur ON ur.user_id = u.account_id
       LEFT JOIN role_capability_sets rcs ON rcs.role_id = ur.role_id
       LEFT JOIN capability_sets cs ON cs.id = rcs.capability_set_id
       LEFT JOIN LATERAL jsonb_array_elements(cs.capabilities) entry ON true
      WHERE ${where}
      GROUP BY u.account_id`,
    params,
  );
}

export async function assertWayInKept(tx: Queryable, callerUserId: number): Promise<void> {
  const rootAdmins = await capabilitiesOf(tx, `a.parent_id = (SELECT id FROM accounts WHERE parent_id IS NULL ORDER BY id LIMIT 1)`, []);
  if (!rootAdmins.some((row) => holdsExecute(row, 'LOGIN') && holdsExecute(row, 'ADMINISTRATIVE'))) {
    throw fault(409, 'admin.security.platformLockout');
  }
  const [caller] = await capabilitiesOf(tx, 'u.account_id = $1', [callerUserId]);
  if (caller && !holdsExecute(caller, 'LOGIN')) throw fault(409, 'admin.security.ownLockout');
}

/** Only changes that take grants away can lock anyone out. */
export const mayLockOut = (before: Map<string, Grant>, after: Map<string, Grant>) => [...before.keys()].some((key) => !after.has(key));
