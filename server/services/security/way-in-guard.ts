/**
 * No security change may lock people out unnoticed (checked inside the change's transaction,
 * after it is applied, so the change and the check see the same data):
 * - the platform's root keeps at least one administrator — a user of the root account
 *   holding LOGIN Execute and ADMINISTRATIVE Execute — who could repair anything else;
 * - the caller keeps its own LOGIN Execute (nobody removes their own last way in);
 * - a change that takes the right to sign in from anyone else goes through only when the
 *   caller confirmed it naming how many users lose it (issue 20, item 4: one edit of the
 *   root "Sign-in" set signed out every user below the root).
 */
import { roleOwnerOnPath } from '../../auth/held-roles';
import type { Queryable } from '../../db/db';
import { fault } from '../../fault';
import type { Grant } from './security-grants';

interface HolderRow {
  user_id: number;
  capabilities: { ObjectType: string; Execute?: boolean; Value?: string }[];
}

/** The response header carrying the number of users a refused change would sign out (the client confirms it). */
export const LOGIN_LOSS_HEADER = 'x-login-loss-count';

const holdsExecute = (row: HolderRow, objectType: string) =>
  row.capabilities.some((entry) => entry.ObjectType === objectType && entry.Execute === true && !entry.Value);

/** As the sign-in checks it (hasCapability): LOGIN with Execute, whatever its qualifier. */
const maySignIn = (row: HolderRow) => row.capabilities.some((entry) => entry.ObjectType === 'LOGIN' && entry.Execute === true);

/** Every capability entry each user holds through its roles (those owned on its path), for the users the WHERE clause picks. */
async function capabilitiesOf(tx: Queryable, where: string, params: unknown[]): Promise<HolderRow[]> {
  return tx.query<HolderRow>(
    `SELECT u.account_id AS user_id,
            coalesce(jsonb_agg(entry) FILTER (WHERE entry IS NOT NULL), '[]'::jsonb) AS capabilities
       FROM users u
       JOIN accounts a ON a.id = u.account_id
       LEFT JOIN (user_roles ur JOIN roles r ON r.id = ur.role_id) ON ur.user_id = u.account_id AND ${roleOwnerOnPath('r.owner_account_id', 'a.path')}
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

/** The users among `userIds` who may sign in now (only a change's affected users can lose it). */
export async function signInHolders(tx: Queryable, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await capabilitiesOf(tx, 'u.account_id = ANY($1::bigint[])', [[...userIds]]);
  return rows.filter(maySignIn).map((row) => Number(row.user_id));
}

/**
 * After the change (in its transaction): refuses with 409 — rolling it back — when users of
 * `holdersBefore` may no longer sign in and `confirmed` is not exactly their number. The count
 * is in the text and, for the client's confirmation, in the LOGIN_LOSS_HEADER response header.
 */
export async function assertLoginLossConfirmed(tx: Queryable, holdersBefore: readonly number[], confirmed: number | undefined): Promise<number> {
  const still = new Set(await signInHolders(tx, holdersBefore));
  const lost = holdersBefore.filter((id) => !still.has(id)).length;
  if (lost > 0 && confirmed !== lost) throw fault(409, 'admin.security.loginLoss', { count: lost }).withHeader(LOGIN_LOSS_HEADER, lost);
  return lost;
}
